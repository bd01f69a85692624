import type { ReactNode } from 'react';
import { LoadError } from './load-error';

/** A paged list's query as `useQuery` gives it. */
interface RowsQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list's rows in their four states: the failure with a retry when nothing came yet, loading,
 * the empty text, or the rows (with "Verversen mislukt" above them when a refresh failed, so the
 * rows shown are known to be the previous ones).
 */
export function QueryRows<T>({
  query,
  rows,
  empty,
  children,
}: {
  query: RowsQuery;
  rows: T[] | undefined;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isError && !rows) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!rows) {
    return (
      <p role="status" className="py-10 text-center text-muted-foreground">
        Bezig met laden ...
      </p>
    );
  }
  if (rows.length === 0) {
    return <p className="rounded-xl border border-dashed border-border bg-background p-10 text-center text-muted-foreground">{empty}</p>;
  }
  return (
    <>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} title="Verversen mislukt" /> : null}
      {children(rows)}
    </>
  );
}
