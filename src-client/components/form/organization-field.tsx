import type { AnyFieldApi } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SelectField } from '~/components/form/select-field';
import { useTRPC } from '~/lib/trpc';

/** Pick one of the organizations the signed-in user may see; the only one is chosen already. */
export function OrganizationField({ field }: { field: AnyFieldApi }) {
  const trpc = useTRPC();
  const organizations = useQuery(trpc.organization.withLocations.queryOptions());
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
