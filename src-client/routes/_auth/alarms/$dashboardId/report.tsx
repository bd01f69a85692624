import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ReportChoice } from '~/features/alarm-reports/report-controls';
import { ReportPage } from '~/features/alarm-reports/report-page';
import { lastFullMonth, monthRange, reportSearchSchema } from '~/features/alarm-reports/report-period';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/report')({
  validateSearch: reportSearchSchema,
  loaderDeps: ({ search }) => ({ month: search.month ?? lastFullMonth(), granularity: search.granularity ?? 'day', priority: search.priority }),
  loader: ({ context: { utils }, params: { dashboardId }, deps, cause }) =>
    loadRouteData(cause, () =>
      Promise.all(
        [deps.granularity, 'month' as const].map((granularity) =>
          utils.alarmReport.responseTimes.ensureData({ dashboardId, ...monthRange(deps.month), granularity, priority: deps.priority }),
        ),
      ),
    ),
  component: ReportRoute,
});

function ReportRoute() {
  const { dashboardId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const choice: ReportChoice = { month: search.month ?? lastFullMonth(), granularity: search.granularity ?? 'day', priority: search.priority };
  const onChange = useCallback((next: Partial<ReportChoice>) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true }), [navigate]);
  return <ReportPage dashboard={dashboard} choice={choice} onChange={onChange} />;
}
