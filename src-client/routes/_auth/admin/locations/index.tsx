import { keepPreviousData } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { listSearchSchema, toListQuery } from '~/features/lists/list-search';
import { ListView } from '~/features/lists/list-view';
import { PageHeader } from '~/features/lists/page-header';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/locations/')({
  validateSearch: listSearchSchema,
  component: LocationsPage,
});

function LocationsPage() {
  const search = Route.useSearch();
  const { data, isFetching } = trpc.location.list.useQuery(toListQuery(search), { placeholderData: keepPreviousData });
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
      <ListView
        search={search}
        searchLabel="Zoek op naam, plaats of organisatie"
        rows={data?.locations}
        totalPages={data?.totalNumberOfPages}
        loading={isFetching}
        empty="Er zijn nog geen locaties."
        emptySearch="Geen locaties gevonden."
        rowKey={(location) => location.id}
        columns={[
          {
            header: 'Naam',
            cell: (location) => (
              <Link to="/admin/location/$locationId" params={{ locationId: location.id }} className="font-medium text-primary hover:underline">
                {location.name}
              </Link>
            ),
          },
          { header: 'Adres', cell: (location) => `${location.streetAddress}${location.unit ? ` ${location.unit}` : ''}, ${location.city}` },
          { header: 'Organisatie', cell: (location) => location.organizationName },
        ]}
      />
    </section>
  );
}
