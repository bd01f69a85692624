import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { SectionCard } from '~/components/ui/section-card';
import { EnergySection } from '~/features/energy-rules/energy-section';
import { LocationForm } from '~/features/locations/location-form';
import { useDeleteLocation, useUpdateLocation } from '~/features/locations/use-location-mutations';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/location/$locationId')({
  params: { parse: ({ locationId }) => ({ locationId: parseIdParam(locationId) }), stringify: ({ locationId }) => ({ locationId: String(locationId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(() =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.location.get.queryOptions({ locationId: params.locationId })),
        context.queryClient.ensureQueryData(context.trpc.energyRule.site.queryOptions({ locationId: params.locationId })),
        context.queryClient.ensureQueryData(context.trpc.energyRule.list.queryOptions({ locationId: params.locationId })),
        context.queryClient.ensureQueryData(context.trpc.alarmDashboard.search.queryOptions({ page: 0, size: 100 } as never)),
        context.queryClient.ensureQueryData(context.trpc.organization.withLocations.queryOptions()),
      ]),
    ),
  component: LocationPage,
});

function LocationPage() {
  const trpc = useTRPC();
  const { locationId } = Route.useParams();
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
