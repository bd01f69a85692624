import { keepPreviousData } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { EmptyRow, Pager, SearchBox } from '~/features/lists/list-controls';
import { listSearchSchema, toListQuery } from '~/features/lists/list-search';
import { PageHeader } from '~/features/lists/page-header';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/locations/')({
  validateSearch: listSearchSchema,
  component: LocationsPage,
});

function LocationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = trpc.location.list.useQuery(toListQuery(search), { placeholderData: keepPreviousData });
  const onSearch = useCallback((q: string) => void navigate({ search: { q: q || undefined, page: undefined } }), [navigate]);
  const rows = data?.locations ?? [];
  return (
    <section>
      <PageHeader
        title="Locaties"
        actions={
          <Button asChild>
            <Link to="/admin/locations/create">
              <Plus aria-hidden className="size-4" />
              Locatie toevoegen
            </Link>
          </Button>
        }
      />
      <div className="mb-4">
        <SearchBox label="Zoek op naam, plaats of organisatie" value={search.q ?? ''} onSearch={onSearch} />
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Naam</TableHead>
            <TableHead>Adres</TableHead>
            <TableHead>Organisatie</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow columns={3} loading={!data && isFetching} empty={search.q ? 'Geen locaties gevonden.' : 'Er zijn nog geen locaties.'} />
          ) : (
            rows.map((location) => (
              <TableRow key={location.id}>
                <TableCell>
                  <Link to="/admin/location/$locationId" params={{ locationId: location.id }} className="font-medium text-primary hover:underline">
                    {location.name}
                  </Link>
                </TableCell>
                <TableCell>
                  {location.streetAddress}
                  {location.unit ? ` ${location.unit}` : ''}, {location.city}
                </TableCell>
                <TableCell>{location.organizationName}</TableCell>
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
