import { createFileRoute } from '@tanstack/react-router';
import { OrganizationPage } from '~/features/organizations/organization-page';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';

export const Route = createFileRoute('/_auth/admin/organization/$organizationId')({
  params: {
    parse: ({ organizationId }) => ({ organizationId: parseIdParam(organizationId) }),
    stringify: ({ organizationId }) => ({ organizationId: String(organizationId) }),
  },
  loader: ({ context, params }) =>
    loadOrNotFound(() => context.queryClient.ensureQueryData(context.trpc.organization.get.queryOptions({ organizationId: params.organizationId }))),
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const { organizationId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <OrganizationPage organizationId={organizationId} user={user} />;
}
