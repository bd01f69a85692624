import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { LocationForm } from '~/features/locations/location-form';
import { useCreateLocation } from '~/features/locations/use-location-mutations';
import { startLoading } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/admin/locations/create')({
  // The form shows at once, as before; its pickers say 'Bezig met laden ...' until their options are in.
  loader: ({ context }) => startLoading(() => context.queryClient.ensureQueryData(context.trpc.organization.withLocations.queryOptions())),
  component: CreateLocationPage,
});

function CreateLocationPage() {
  const navigate = useNavigate();
  const create = useCreateLocation();
  return (
    <section>
      <PageHeader title="Locatie toevoegen" description="Velden met een * zijn verplicht." />
      <LocationForm
        submitLabel="Locatie toevoegen"
        onSubmit={async (input) => {
          const location = await create.mutateAsync(input);
          await navigate({ to: '/admin/location/$locationId', params: { locationId: location.id } });
        }}
      />
    </section>
  );
}
