import { createFileRoute } from '@tanstack/react-router';
import { CreateLocationPage } from '~/features/locations/create-location-page';
import { startLoading } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/admin/locations/create')({
  // The form shows at once, as before; its pickers say 'Bezig met laden ...' until their options are in.
  loader: ({ context }) => startLoading(() => context.queryClient.ensureQueryData(context.trpc.organization.withLocations.queryOptions())),
  component: CreateLocationPage,
});
