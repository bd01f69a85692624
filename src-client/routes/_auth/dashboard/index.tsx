import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ChevronRight, MapPin } from 'lucide-react';
import { AppHeader } from '~/components/layout/app-header';
import { Figure, Sparkline } from '~/features/dashboard/figures';
import { dayRange, freshness, wall } from '~/features/dashboard/format';
import { useTRPC } from '~/lib/trpc';
import { usePageTitle } from '~/components/layout/use-page-title';

export const Route = createFileRoute('/_auth/dashboard/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.dashboard.locations.queryOptions()),
  component: DashboardHome,
});

function DashboardHome() {
  usePageTitle('Dashboard');
  const trpc = useTRPC();
  const { user } = Route.useRouteContext();
  const { data: locations } = useSuspenseQuery(trpc.dashboard.locations.queryOptions());
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        {locations.length === 0 ? (
          <p className="mt-4 text-muted-foreground">Er zijn nog geen locaties aan je account gekoppeld.</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {locations.map((location) => {
              const recent = location.recentDays;
              const span = recent ? dayRange(wall(recent.from), wall(recent.to)) : '';
              return (
                <li key={location.id}>
                  <Link
                    to="/dashboard/$locationSelector"
                    params={{ locationSelector: location.selector }}
                    className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-background p-5 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="flex items-center gap-2 font-medium">
                      <MapPin aria-hidden className="size-4 text-primary" />
                      <span className="flex-1">{location.name}</span>
                      <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {location.streetAddress}, {location.city}
                    </span>
                    {recent === null ? (
                      <span className="text-sm text-muted-foreground">
                        {location.modules.includes('elektriciteit') ? 'Nog geen meetwaarden' : 'Nog geen elektriciteitsmeter'}
                      </span>
                    ) : (
                      <>
                        <div className="flex items-end justify-between gap-3">
                          <dl>
                            <Figure label={`Stroom, 7 dagen (${span})`} figure={recent} unit="kWh" compareLabel="7 dagen ervoor" />
                          </dl>
                          <Sparkline days={recent.days} label={`Stroomverbruik per dag, ${span}`} />
                        </div>
                        <span className="text-xs text-muted-foreground">{freshness(recent.lastDataAt)}</span>
                      </>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </div>
  );
}
