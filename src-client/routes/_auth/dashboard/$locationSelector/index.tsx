import { Link, createFileRoute } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { locationIdOf } from '@/domain/dashboard';
import { DashboardPage } from '~/features/dashboard/dashboard-page';
import { formatChange, formatEnergy } from '~/features/dashboard/format';
import { loadDashboardLocation } from '~/features/dashboard/location-param';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/dashboard/$locationSelector/')({
  loader: ({ context, params }) => loadDashboardLocation(context.utils, params.locationSelector),
  component: LocationDashboard,
});

function Figure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">
        {value}
        {note ? <span className="ml-2 text-sm font-normal text-muted-foreground">{note}</span> : null}
      </dd>
    </div>
  );
}

function LocationDashboard() {
  const { user } = Route.useRouteContext();
  const { locationSelector } = Route.useParams();
  const [location] = trpc.dashboard.location.useSuspenseQuery({ locationId: locationIdOf(locationSelector)! });
  return (
    <DashboardPage user={user} title={location.name}>
      <p className="text-muted-foreground">
        {location.streetAddress}, {location.city}
      </p>
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
              <dl className="mt-4 grid grid-cols-2 gap-4">
                <Figure label="Vandaag tot nu" value={formatEnergy(module.todaySoFar, module.unit)} />
                <Figure label="Verwachting vandaag" value={formatEnergy(module.todayForecast, module.unit)} />
                <Figure label="Deze week" value={formatEnergy(module.thisWeek, module.unit)} note={formatChange(module.thisWeek, module.lastWeekSameSpan)} />
                <Figure label="Vorige week, zelfde periode" value={formatEnergy(module.lastWeekSameSpan, module.unit)} />
              </dl>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
