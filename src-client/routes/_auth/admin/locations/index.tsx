import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { PageHeader } from '~/components/layout/page-header';
import { listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { loadListData } from '~/components/lists/load-list';
import { Button } from '~/components/ui/button';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/locations/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadListData(cause, () => context.queryClient.ensureQueryData(context.trpc.location.list.queryOptions(toListQuery(deps)))),
  component: LocationsPage,
});

function LocationsPage() {
  const trpc = useTRPC();
  const search = Route.useSearch();
  const list = useQuery(trpc.location.list.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
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
        rows={list.data?.locations}
        totalPages={list.data?.totalNumberOfPages}
        query={list}
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
