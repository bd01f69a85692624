import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppHeader } from '~/components/layout/app-header';

/** On-call schedules: admins and installers; a customer has none. */
export const Route = createFileRoute('/_auth/schedules')({
  beforeLoad: ({ context }) => {
    if (context.user.type === 'customer') throw redirect({ to: '/dashboard' });
  },
  component: SchedulesLayout,
});

function SchedulesLayout() {
  const { user } = Route.useRouteContext();
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-6 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}
