import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AddLink } from '~/components/lists/add-link';
import { PageHeader } from '~/components/layout/page-header';
import { TextLink } from '~/components/layout/text-link';
import { type ListSearch, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { useTRPC } from '~/lib/trpc';

export function LocationsPage({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.location.list.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
  return (
    <section>
      <PageHeader title="Locaties" actions={<AddLink to="/admin/locations/create">Locatie toevoegen</AddLink>} />
      <ListView
        search={search}
        onSearchChange={onSearchChange}
        searchLabel="Zoek op naam, plaats of organisatie"
        rows={list.data?.locations}
        query={list}
        empty="Er zijn nog geen locaties."
        emptySearch="Geen locaties gevonden."
        rowKey={(location) => location.id}
        columns={[
          {
            header: 'Naam',
            cell: (location) => (
              <TextLink to="/admin/location/$locationId" params={{ locationId: location.id }}>
                {location.name}
              </TextLink>
            ),
          },
          { header: 'Adres', cell: (location) => `${location.streetAddress}${location.unit ? ` ${location.unit}` : ''}, ${location.city}` },
          { header: 'Organisatie', cell: (location) => location.organizationName },
        ]}
      />
    </section>
  );
}
