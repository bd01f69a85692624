import { type ReactNode, useCallback } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { EmptyRow, Pager, SearchBox } from './list-controls';
import type { ListSearch } from './list-search';
import { LoadError } from './load-error';

interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** The list's query as `useQuery` gives it: its page, whether it is fetching, its failure and a retry. */
interface ListQueryState<P> {
  data: P | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T> {
  search: ListSearch;
  /** Puts another page or search into the URL (the route's own navigate, so its search stays typed). */
  onSearchChange: (next: ListSearch) => void;
  searchLabel: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  /** The list's query; its page's `totalNumberOfPages` sizes the pager. */
  query: ListQueryState<{ totalNumberOfPages: number }>;
  empty: string;
  emptySearch: string;
  rowKey: (row: T) => string | number;
}

/**
 * A server-paged table with its search box and pager; page and search live in the URL. A failed
 * request shows its reason with a retry instead of the table, never the "nothing here yet" text.
 */
export function ListView<T>({ search, onSearchChange, searchLabel, columns, rows, query, empty, emptySearch, rowKey }: Props<T>) {
  const onSearch = useCallback((q: string) => onSearchChange({ q: q || undefined, page: undefined }), [onSearchChange]);
  const failed = Boolean(query.error) && !query.isFetching;
  return (
    <>
      <div className="mb-4">
        <SearchBox label={searchLabel} value={search.q ?? ''} onSearch={onSearch} />
      </div>
      {failed ? <LoadError error={query.error} onRetry={() => void query.refetch()} className="mb-4" /> : null}
      {failed && !rows ? null : (
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c.header} className={c.className}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {!rows?.length ? (
              <EmptyRow columns={columns.length} loading={!rows && query.isFetching} empty={search.q ? emptySearch : empty} />
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell key={c.header} className={c.className}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <div className="mt-4">
        <Pager page={search.page ?? 1} totalPages={query.data?.totalNumberOfPages ?? 0} onPage={(page) => onSearchChange({ ...search, page })} />
      </div>
    </>
  );
}
