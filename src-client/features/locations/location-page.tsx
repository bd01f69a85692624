import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Location } from '@/domain/location';
import { SavedNote } from '~/components/form/saved-note';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { SectionCard } from '~/components/ui/section-card';
import { useTRPC } from '~/lib/trpc';
import { LocationForm } from './location-form';
import { useDeleteLocation, useUpdateLocation } from './use-location-mutations';

/**
 * A location's page: its details, what its customers see (`customerSection`), and below them
 * `energySection` (its meters and energy rules, from their own feature) for the location's organization.
 */
export function LocationPage({
  locationId,
  energySection,
  customerSection,
}: {
  locationId: number;
  energySection: (organizationId: number) => ReactNode;
  /** What the location's customers see, from its own feature. */
  customerSection: (location: Location) => ReactNode;
}) {
  const trpc = useTRPC();
  const { data: location } = useSuspenseQuery(trpc.location.get.queryOptions({ locationId }));
  const navigate = useNavigate();
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  return (
    <section className="grid max-w-4xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title={location.name}
        description={`Locatie van ${location.organizationName}`}
        actions={
          <DeleteButton
            title="Locatie verwijderen"
            description={`Weet je zeker dat je '${location.name}' wilt verwijderen? Dit kan niet ongedaan worden gemaakt.`}
            onDelete={async () => {
              await remove.mutateAsync({ locationId });
              await navigate({ to: '/admin/locations' });
            }}
          />
        }
      />
      <SectionCard title="Gegevens">
        <LocationForm
          key={JSON.stringify(location)}
          location={location}
          submitLabel="Opslaan"
          onSubmit={(input) => update.mutateAsync({ locationId, ...input })}
        />
        {update.isSuccess ? <SavedNote below /> : null}
      </SectionCard>
      {customerSection(location)}
      {energySection(location.organizationId)}
    </section>
  );
}
