import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { EmptyRow, Pager, SearchBox } from './list-controls';
import type { ListSearch } from './list-search';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface Props<T> {
  search: ListSearch;
  searchLabel: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  totalPages: number | undefined;
  loading: boolean;
  empty: string;
  emptySearch: string;
  rowKey: (row: T) => string | number;
}

/** A server-paged table with its search box and pager; page and search live in the URL. */
export function ListView<T>({ search, searchLabel, columns, rows, totalPages, loading, empty, emptySearch, rowKey }: Props<T>) {
  const navigate = useNavigate();
  const go = useCallback((next: ListSearch) => void navigate({ to: '.', search: next as never }), [navigate]);
  const onSearch = useCallback((q: string) => go({ q: q || undefined, page: undefined }), [go]);
  return (
    <>
      <div className="mb-4">
        <SearchBox label={searchLabel} value={search.q ?? ''} onSearch={onSearch} />
      </div>
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
            <EmptyRow columns={columns.length} loading={!rows && loading} empty={search.q ? emptySearch : empty} />
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
      <div className="mt-4">
        <Pager page={search.page ?? 1} totalPages={totalPages ?? 0} onPage={(page) => go({ ...search, page })} />
      </div>
    </>
  );
}
