import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LocationForm } from '~/features/locations/location-form';
import { PageHeader } from '~/features/lists/page-header';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/locations/create')({
  component: CreateLocationPage,
});

function CreateLocationPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.location.create.useMutation();
  return (
    <section>
      <PageHeader title="Locatie toevoegen" description="Velden met een * zijn verplicht." />
      <LocationForm
        submitLabel="Locatie toevoegen"
        onSubmit={async (input) => {
          const location = await create.mutateAsync(input);
          await Promise.all([utils.location.invalidate(), utils.organization.invalidate()]);
          await navigate({ to: '/admin/location/$locationId', params: { locationId: location.id } });
        }}
      />
    </section>
  );
}
