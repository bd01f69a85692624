import type { ErrorComponentProps } from '@tanstack/react-router';
import { usePageTitle } from '~/components/layout/use-page-title';

/** Shown when a route fails to load or render. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const message = error instanceof Error ? error.message : null;
  usePageTitle('Fout');
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-8">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">Er ging iets mis bij het tonen van deze pagina. Probeer het opnieuw of ga terug naar de startpagina.</p>
      {message ? <pre className="overflow-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap">{message}</pre> : null}
      <p>
        <a className="font-medium text-primary underline underline-offset-4" href="/app/">
          Naar de startpagina
        </a>
      </p>
    </main>
  );
}
