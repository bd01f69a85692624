import type { AnyFieldApi } from '@tanstack/react-form';
import { useEffect } from 'react';
import { SelectField } from '~/components/form/select-field';
import { trpc } from '~/lib/trpc';

/** Pick one of the organizations the signed-in user may see; the only one is chosen already. */
export function OrganizationField({ field }: { field: AnyFieldApi }) {
  const organizations = trpc.organization.withLocations.useQuery();
  const only = organizations.data?.length === 1 ? organizations.data[0]!.id : undefined;
  const empty = field.state.value === undefined || field.state.value === null || field.state.value === '';
  useEffect(() => {
    if (only !== undefined && empty) field.setValue(only);
  }, [only, empty, field]);
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
