import { createFileRoute } from '@tanstack/react-router';
import { FeedPage } from '~/features/meterbeheer/feed-page';
import { loadOrNotFound } from '~/lib/load-or-not-found';

export const Route = createFileRoute('/_auth/admin/integrations/meterbeheer/feed/$feedUuid')({
  loader: ({ context, params }) =>
    loadOrNotFound(() => context.queryClient.ensureQueryData(context.trpc.meterbeheer.feed.queryOptions({ uuid: params.feedUuid }))),
  component: FeedRoute,
});

function FeedRoute() {
  const { feedUuid: uuid } = Route.useParams();
  return <FeedPage uuid={uuid} />;
}
