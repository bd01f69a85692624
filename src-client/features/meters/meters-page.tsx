import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { METER_TYPES, meterNouns, meterTypeLabels } from '@/domain/meter';
import { AddLink } from '~/components/lists/add-link';
import { PageHeader } from '~/components/layout/page-header';
import { TextLink } from '~/components/layout/text-link';
import { type ListSearch, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { dateTimeOrDash } from '~/lib/date-time';
import { useTRPC } from '~/lib/trpc';

export function MetersPage({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.meter.list.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
  return (
    <section>
      <PageHeader
        title="Meters"
        actions={METER_TYPES.map((type) => (
          <AddLink key={type} to="/admin/meters/create/$type" params={{ type }} variant={type === 'electricity' ? 'default' : 'outline'}>
            {meterNouns[type]} toevoegen
          </AddLink>
        ))}
      />
      <ListView
        search={search}
        onSearchChange={onSearchChange}
        searchLabel="Zoek op meter of locatie"
        rows={list.data?.meters}
        query={list}
        empty="Er zijn nog geen meters."
        emptySearch="Geen meters gevonden."
        rowKey={(meter) => meter.id}
        columns={[
          {
            header: 'Naam',
            cell: (meter) => (
              <TextLink to="/admin/meter/$meterId" params={{ meterId: meter.id }}>
                {meter.name}
              </TextLink>
            ),
          },
          { header: 'Type', cell: (meter) => meterTypeLabels[meter.type] },
          { header: 'Locatie', cell: (meter) => meter.locationName },
          { header: 'Kanalen', cell: (meter) => [meter.netImportChannel, meter.netExportChannel].filter(Boolean).length },
          { header: 'Laatst bijgewerkt', cell: (meter) => dateTimeOrDash(meter.netImportChannel?.updateTimestamp ?? null) },
        ]}
      />
    </section>
  );
}
