import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ChevronRight, FileText } from 'lucide-react';
import { type ModuleSummary, locationIdOf } from '@/domain/dashboard';
import { CustomerStatusSection } from '~/features/customer-views/customer-status-section';
import { DashboardPage } from '~/features/dashboard/dashboard-page';
import { Figure } from '~/features/dashboard/figures';
import { coveredUntil, dayName, formatEnergy, freshness, wall } from '~/features/dashboard/format';
import { loadDashboardLocation } from '~/features/dashboard/location-param';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/dashboard/$locationSelector/')({
  loader: ({ context, params }) => loadDashboardLocation(context, params.locationSelector),
  component: LocationDashboard,
});

/** The headlines of a module, each saying what it covers; the client's today names the days. */
function ModuleFigures({ module }: { module: ModuleSummary }) {
  const today = wall(new Date());
  const day = module.latestDay;
  const dayLabel = day ? dayName(wall(day.from), wall(day.to), today) : 'Laatste dag';
  const thisWeekLabel = module.thisWeek.value === null ? 'Deze week' : `Deze week ${coveredUntil(wall(module.thisWeek.to), today)}`;
  const lastWeekWhole = module.lastWeek.value === null || wall(module.lastWeek.to).getTime() === wall(module.thisWeek.from).getTime();
  const lastWeekLabel = lastWeekWhole ? 'Vorige week' : `Vorige week ${coveredUntil(wall(module.lastWeek.to), today)}`;
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4">
      <Figure label={dayLabel} figure={day ?? { value: null, previous: null }} unit={module.unit} compareLabel="Zelfde dag vorige week" />
      <div>
        <dt className="text-sm text-muted-foreground">Verwachting vandaag</dt>
        <dd className="text-xl font-semibold tabular-nums">{formatEnergy(module.todayForecast, module.unit)}</dd>
      </div>
      <Figure label={thisWeekLabel} figure={module.thisWeek} unit={module.unit} compareLabel="Zelfde dagen vorige week" />
      <Figure label={lastWeekLabel} figure={module.lastWeek} unit={module.unit} compareLabel="De week ervoor" />
    </dl>
  );
}

function LocationDashboard() {
  const trpc = useTRPC();
  const { user } = Route.useRouteContext();
  const { locationSelector } = Route.useParams();
  const { data: location } = useSuspenseQuery(trpc.dashboard.location.queryOptions({ locationId: locationIdOf(locationSelector)! }));
  return (
    <DashboardPage user={user} title={location.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground">
          {location.streetAddress}, {location.city}
        </p>
        <Link
          to="/dashboard/$locationSelector/maandrapport"
          params={{ locationSelector }}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <FileText aria-hidden className="size-4" />
          Maandrapport
        </Link>
      </div>
      {location.modules.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Deze locatie heeft nog geen meters met meetgegevens.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {location.modules.map((module) => (
            <li key={module.selector} className="rounded-xl border border-border bg-background p-5 shadow-sm">
              <Link
                to="/dashboard/$locationSelector/$moduleSelector"
                params={{ locationSelector, moduleSelector: module.selector }}
                className="flex items-center justify-between font-medium text-primary hover:underline"
              >
                <h2>{module.title}</h2>
                <ChevronRight aria-hidden className="size-4" />
              </Link>
              <p className="mt-1 text-xs text-muted-foreground">{freshness(module.lastDataAt)}</p>
              <ModuleFigures module={module} />
            </li>
          ))}
        </ul>
      )}
      <CustomerStatusSection locationId={location.id} staff={user.type !== 'customer'} />
    </DashboardPage>
  );
}
