import { keepPreviousData } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { type UserType, userTypeLabels } from '@/domain/user';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { EmptyRow, Pager, SearchBox } from '~/features/lists/list-controls';
import { listSearchSchema, toListQuery } from '~/features/lists/list-search';
import { PageHeader } from '~/features/lists/page-header';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/users/')({
  validateSearch: listSearchSchema,
  component: UsersPage,
});

function UsersPage() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = trpc.user.list.useQuery(toListQuery(search), { placeholderData: keepPreviousData });
  const onSearch = useCallback((q: string) => void navigate({ search: { q: q || undefined, page: undefined } }), [navigate]);
  const creatable: UserType[] = user.type === 'admin' ? ['admin', 'installer', 'customer'] : ['customer'];
  const rows = data?.users ?? [];
  return (
    <section>
      <PageHeader
        title="Gebruikers"
        actions={creatable.map((type) => (
          <Button key={type} asChild variant={type === 'customer' ? 'default' : 'outline'}>
            <Link to="/admin/users/create/$type" params={{ type }}>
              <Plus aria-hidden className="size-4" />
              {userTypeLabels[type]} toevoegen
            </Link>
          </Button>
        ))}
      />
      <div className="mb-4">
        <SearchBox label="Zoek op naam of e-mailadres" value={search.q ?? ''} onSearch={onSearch} />
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>E-mailadres</TableHead>
            <TableHead>Naam</TableHead>
            <TableHead>Type</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow columns={3} loading={!data && isFetching} empty={search.q ? 'Geen gebruikers gevonden.' : 'Er zijn nog geen gebruikers.'} />
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Link to="/admin/user/$userId" params={{ userId: row.id }} className="font-medium text-primary hover:underline">
                    {row.email}
                  </Link>
                </TableCell>
                <TableCell>{row.fullName ?? '–'}</TableCell>
                <TableCell>{userTypeLabels[row.type]}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <div className="mt-4">
        <Pager page={search.page ?? 1} totalPages={data?.totalNumberOfPages ?? 0} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />
      </div>
    </section>
  );
}
