import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '~/components/layout/use-page-title';
import { ActionPage } from '~/features/alarm-actions/action-page';

/** A notification's action link: public, outside the signed-in layout, made for a phone. */
export const Route = createFileRoute('/act/$token')({
  component: ActPage,
});

function ActPage() {
  const { token } = Route.useParams();
  usePageTitle('Alarm bevestigen');
  return <ActionPage token={token} />;
}
