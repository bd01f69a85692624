import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { SectionCard } from '~/components/ui/section-card';
import { EnergySection } from '~/features/energy-rules/energy-section';
import { LocationForm } from '~/features/locations/location-form';
import { useDeleteLocation, useUpdateLocation } from '~/features/locations/use-location-mutations';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/location/$locationId')({
  params: { parse: ({ locationId }) => ({ locationId: parseIdParam(locationId) }), stringify: ({ locationId }) => ({ locationId: String(locationId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(() =>
      Promise.all([
        context.utils.location.get.ensureData({ locationId: params.locationId }),
        context.utils.energyRule.site.ensureData({ locationId: params.locationId }),
        context.utils.energyRule.list.ensureData({ locationId: params.locationId }),
        context.utils.alarmDashboard.search.ensureData({ page: 0, size: 100 } as never),
        context.utils.organization.withLocations.ensureData(),
      ]),
    ),
  component: LocationPage,
});

function LocationPage() {
  const { locationId } = Route.useParams();
  const [location] = trpc.location.get.useSuspenseQuery({ locationId });
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
        {update.isSuccess ? (
          <p role="status" className="mt-3 text-sm text-muted-foreground">
            Opgeslagen.
          </p>
        ) : null}
      </SectionCard>
      <EnergySection locationId={locationId} organizationId={location.organizationId} />
    </section>
  );
}
