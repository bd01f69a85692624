import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ReportChoice } from '~/features/alarm-reports/report-controls';
import { ReportPage } from '~/features/alarm-reports/report-page';
import { currentMonth, monthRange, reportSearchSchema } from '~/features/alarm-reports/report-period';
import { loadRouteData } from '~/lib/route-data';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/report')({
  validateSearch: reportSearchSchema,
  loaderDeps: ({ search }) => ({ month: search.month ?? currentMonth(), granularity: search.granularity ?? 'day', priority: search.priority }),
  loader: ({ context: { trpc, queryClient }, params: { dashboardId }, deps, cause }) =>
    loadRouteData(cause, () =>
      Promise.all(
        [deps.granularity, 'month' as const].map((granularity) =>
          queryClient.ensureQueryData(
            trpc.alarmReport.responseTimes.queryOptions({ dashboardId, ...monthRange(deps.month), granularity, priority: deps.priority }),
          ),
        ),
      ),
    ),
  component: ReportRoute,
});

function ReportRoute() {
  const trpc = useTRPC();
  const { dashboardId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  const choice: ReportChoice = { month: search.month ?? currentMonth(), granularity: search.granularity ?? 'day', priority: search.priority };
  const onChange = useCallback((next: Partial<ReportChoice>) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true }), [navigate]);
  return <ReportPage dashboard={dashboard} choice={choice} onChange={onChange} />;
}
