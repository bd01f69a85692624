import { createFileRoute } from '@tanstack/react-router';
import { UnknownPage } from '~/features/alarm-area/unknown-page';

/** Any other path inside a dashboard. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/$')({
  component: UnknownRoute,
});

function UnknownRoute() {
  return <UnknownPage dashboardId={Route.useParams().dashboardId} />;
}
