import { Spinner } from './spinner';

/** Blocks the page while a request runs, e.g. 'Een ogenblik geduld ...'. */
export function FullScreenOverlay({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-foreground/40">
      <div className="flex items-center gap-3 rounded-lg bg-background px-5 py-4 font-medium shadow-lg">
        <Spinner className="size-5 text-primary" />
        {text}
      </div>
    </div>
  );
}
