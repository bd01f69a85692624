import { createFileRoute } from '@tanstack/react-router';
import { ensureUserFormData } from '~/features/users/user-form-data';
import { UserPage } from '~/features/users/user-page';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';

export const Route = createFileRoute('/_auth/admin/user/$userId')({
  params: { parse: ({ userId }) => ({ userId: parseIdParam(userId) }), stringify: ({ userId }) => ({ userId: String(userId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(async () => {
      const user = await context.queryClient.ensureQueryData(context.trpc.user.get.queryOptions({ userId: params.userId }));
      await ensureUserFormData(context, user.type);
    }),
  component: UserRoute,
});

function UserRoute() {
  const { userId } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  return <UserPage userId={userId} me={me} />;
}
