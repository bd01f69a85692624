import { createFileRoute } from '@tanstack/react-router';
import { loadListData } from '~/components/lists/load-list';
import { AdminHomePage } from '~/features/overview/admin-home-page';
import { AlarmSetupSection } from '~/features/alarm-setup/alarm-setup-steps';

/** The admin start page: what exists, the setup order of a fresh install, and a missing HUB key. */
export const Route = createFileRoute('/_auth/admin/')({
  loader: ({ context, cause }) => loadListData(cause, () => context.queryClient.ensureQueryData(context.trpc.overview.setup.queryOptions())),
  component: AdminHomeRoute,
});

function AdminHomeRoute() {
  const { user } = Route.useRouteContext();
  return <AdminHomePage user={user} alarmSteps={<AlarmSetupSection />} />;
}
