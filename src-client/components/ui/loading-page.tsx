import { Spinner } from './spinner';

/** Shown while a page's code loads. */
export function LoadingPage() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-5" />
      Het onderdeel wordt geladen ...
    </div>
  );
}
