import type { AnyFieldApi } from '@tanstack/react-form';
import { SelectField } from '~/components/form/select-field';
import { trpc } from '~/lib/trpc';

/** Pick one of the organizations the signed-in user may see. */
export function OrganizationField({ field }: { field: AnyFieldApi }) {
  const organizations = trpc.organization.withLocations.useQuery();
  return (
    <SelectField
      field={field}
      label="Organisatie"
      placeholder={organizations.isLoading ? 'Bezig met laden ...' : 'Kies een organisatie'}
      options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      required
    />
  );
}
