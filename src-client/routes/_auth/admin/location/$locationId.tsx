import { createFileRoute } from '@tanstack/react-router';
import { CustomerViewSection } from '~/features/customer-views/customer-view-section';
import { EnergySection } from '~/features/energy-rules/energy-section';
import { LocationPage } from '~/features/locations/location-page';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';

export const Route = createFileRoute('/_auth/admin/location/$locationId')({
  params: { parse: ({ locationId }) => ({ locationId: parseIdParam(locationId) }), stringify: ({ locationId }) => ({ locationId: String(locationId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(() =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.location.get.queryOptions({ locationId: params.locationId })),
        context.queryClient.ensureQueryData(context.trpc.energyRule.site.queryOptions({ locationId: params.locationId })),
        context.queryClient.ensureQueryData(context.trpc.energyRule.list.queryOptions({ locationId: params.locationId })),
        context.queryClient.ensureQueryData(context.trpc.alarmDashboard.search.queryOptions({ page: 0, size: 100 })),
        context.queryClient.ensureQueryData(context.trpc.organization.withLocations.queryOptions()),
      ]),
    ),
  component: LocationRoute,
});

function LocationRoute() {
  const { locationId } = Route.useParams();
  return (
    <LocationPage
      locationId={locationId}
      customerSection={(location) => <CustomerViewSection location={location} />}
      energySection={(organizationId) => <EnergySection locationId={locationId} organizationId={organizationId} />}
    />
  );
}
