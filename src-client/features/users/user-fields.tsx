import type { AnyFieldApi } from '@tanstack/react-form';
import { CheckboxListField } from '~/components/form/checkbox-list-field';
import { userFieldLabels as labels } from '@/domain/user';
import { trpc } from '~/lib/trpc';

/** The customer's locations, from those the signed-in user may see. */
export function LocationsField({ field }: { field: AnyFieldApi }) {
  const locations = trpc.location.visible.useQuery();
  return (
    <CheckboxListField
      field={field}
      label={labels.locationIds}
      required
      options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name, detail: `${l.city} (${l.organizationName})` }))}
    />
  );
}
