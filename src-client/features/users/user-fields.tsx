import type { AnyFieldApi } from '@tanstack/react-form';
import { CheckboxListField } from '~/components/form/checkbox-list-field';
import { SelectField } from '~/components/form/select-field';
import { userFieldLabels as labels } from '@/domain/user';
import { trpc } from '~/lib/trpc';

/** The installer's organization. */
export function OrganizationField({ field }: { field: AnyFieldApi }) {
  const organizations = trpc.organization.withLocations.useQuery();
  return (
    <SelectField
      field={field}
      label={labels.organizationId}
      placeholder={organizations.isLoading ? 'Bezig met laden ...' : 'Kies een organisatie'}
      options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      required
    />
  );
}

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
