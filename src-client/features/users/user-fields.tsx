import { useQuery } from '@tanstack/react-query';
import { userFieldLabels as labels } from '@/domain/user';
import { CheckboxListField } from '~/components/form/checkbox-list-field';
import { useFieldContext } from '~/components/form/use-app-form';
import { useTRPC } from '~/lib/trpc';

/** The customer's locations, from those the signed-in user may see (inside `form.AppField`). */
export function LocationsField() {
  const field = useFieldContext<number[]>();
  const trpc = useTRPC();
  const locations = useQuery(trpc.location.visible.queryOptions());
  return (
    <CheckboxListField
      field={field}
      label={labels.locationIds}
      required
      options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name, detail: `${l.city} (${l.organizationName})` }))}
    />
  );
}
