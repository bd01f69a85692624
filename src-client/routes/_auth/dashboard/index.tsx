import { createFileRoute } from '@tanstack/react-router';
import { MapPin } from 'lucide-react';
import { AppHeader } from '~/features/layout/app-header';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/dashboard/')({
  loader: ({ context }) => context.utils.location.visible.ensureData(),
  component: DashboardHome,
});

function DashboardHome() {
  const { user } = Route.useRouteContext();
  const [locations] = trpc.location.visible.useSuspenseQuery();
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        {locations.length === 0 ? (
          <p className="mt-4 text-muted-foreground">Er zijn nog geen locaties aan je account gekoppeld.</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {locations.map((location) => (
              <li key={location.id} className="rounded-xl border border-border bg-background p-5 shadow-sm">
                <div className="flex items-center gap-2 font-medium">
                  <MapPin aria-hidden className="size-4 text-primary" />
                  {location.name}
                </div>
                <div className="mt-1 text-sm text-muted-foreground">
                  {location.streetAddress}, {location.city}
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
