import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page-header';
import { LocationForm } from './location-form';
import { useCreateLocation } from './use-location-mutations';

export function CreateLocationPage() {
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
