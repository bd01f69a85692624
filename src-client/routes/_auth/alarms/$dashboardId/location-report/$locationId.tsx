import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { LocationReportPage } from '~/features/alarm-reports/location-report-page';
import { lastFullMonth } from '~/features/alarm-reports/report-period';
import { loadDashboardLocation } from '~/features/dashboard/location-param';
import { useTRPC } from '~/lib/trpc';

const searchSchema = v.object({ month: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))), undefined) });

export const Route = createFileRoute('/_auth/alarms/$dashboardId/location-report/$locationId')({
  validateSearch: searchSchema,
  loader: ({ context, params }) => {
    if (!/^[1-9]\d{0,15}$/.test(params.locationId)) throw notFound();
    return loadDashboardLocation(context, params.locationId);
  },
  component: LocationReportRoute,
});

function LocationReportRoute() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const location = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  return (
    <LocationReportPage
      dashboard={dashboard}
      location={location}
      month={search.month ?? lastFullMonth()}
      onMonth={(month) => void navigate({ search: { month }, replace: true })}
    />
  );
}
