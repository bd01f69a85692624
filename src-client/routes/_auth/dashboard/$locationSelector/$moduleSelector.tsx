import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { MODULE_SELECTORS, type ModuleSelector, locationIdOf } from '@/domain/dashboard';
import { DashboardPage } from '~/features/dashboard/dashboard-page';
import { loadDashboardLocation } from '~/features/dashboard/location-param';
import { ModuleView } from '~/features/dashboard/module-view';
import { type PeriodSearch, aggregateInputs, openingDay, periodSearchSchema, resolvePeriod } from '~/features/dashboard/period';
import { loadRouteData } from '~/lib/route-data';
import { useTRPC } from '~/lib/trpc';
import { PeriodControls } from './-components/period-controls';

export const Route = createFileRoute('/_auth/dashboard/$locationSelector/$moduleSelector')({
  validateSearch: periodSearchSchema,
  // The view (chart or table) shows the same data: it is no dependency of the loader.
  loaderDeps: ({ search: { period, year, week, granularity } }) => ({ period, year, week, granularity }),
  loader: async ({ context, params, deps, cause }) => {
    if (!(MODULE_SELECTORS as string[]).includes(params.moduleSelector)) throw notFound();
    const location = await loadDashboardLocation(context, params.locationSelector);
    const module = location.modules.find((m) => m.selector === params.moduleSelector);
    if (!module) throw notFound();
    const { current, previous } = aggregateInputs(module.channelIds, resolvePeriod(deps, openingDay(module.lastDataAt)));
    await loadRouteData(cause, () =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.measurement.aggregate.queryOptions(current)),
        context.queryClient.ensureQueryData(context.trpc.measurement.aggregate.queryOptions(previous)),
      ]),
    );
  },
  component: ModulePage,
});

function ModulePage() {
  const trpc = useTRPC();
  const { user } = Route.useRouteContext();
  const { locationSelector, moduleSelector } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const set = (next: Partial<PeriodSearch>) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true });
  const { data: location } = useSuspenseQuery(trpc.dashboard.location.queryOptions({ locationId: locationIdOf(locationSelector)! }));
  const module = location.modules.find((m) => m.selector === (moduleSelector as ModuleSelector))!;
  // Net use: electricity against the location's feed-in, where a meter exports.
  const feedIn = module.selector === 'elektriciteit' ? location.modules.find((m) => m.selector === 'teruglevering') : undefined;
  return (
    <DashboardPage user={user} location={location} title={module.title}>
      <ModuleView
        location={location}
        module={module}
        feedInChannelIds={feedIn?.channelIds ?? null}
        search={search}
        set={set}
        controls={(p) => <PeriodControls p={p} set={set} />}
      />
    </DashboardPage>
  );
}
