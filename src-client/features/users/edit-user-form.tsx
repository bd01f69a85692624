import { useState } from 'react';
import { type UpdateUser, type User, updateUserSchema, userFieldLabels as labels } from '@/domain/user';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SavedNote } from '~/components/form/saved-note';
import { LocationsField } from './user-fields';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  userId: number;
  email: string;
  fullName: string;
  organizationId?: number;
  locationIds?: number[];
}

/** Name, e-mail and the fields of the user's type; the type itself does not change. */
export function EditUserForm({ user, onSubmit }: { user: User; onSubmit: (input: UpdateUser) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const [saved, setSaved] = useState(false);
  const form = useAppForm({
    defaultValues: {
      userId: user.id,
      email: user.email,
      fullName: user.fullName ?? '',
      ...(user.type === 'installer' ? { organizationId: user.organizationId } : {}),
      ...(user.type === 'customer' ? { locationIds: user.locationIds } : {}),
    } as Values,
    validators: { onSubmit: formSchema<Values>(updateUserSchema) },
    onSubmit: async ({ value, formApi }) => {
      setSaved(false);
      setSaved(await run(formApi, () => onSubmit(value as UpdateUser)));
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.AppField name="email">{(field) => <field.TextField label={labels.email} type="email" required />}</form.AppField>
      <form.AppField name="fullName">{(field) => <field.TextField label={labels.fullName} />}</form.AppField>
      {user.type === 'installer' ? <form.AppField name="organizationId">{(field) => <field.OrganizationField />}</form.AppField> : null}
      {user.type === 'customer' ? <form.AppField name="locationIds">{() => <LocationsField />}</form.AppField> : null}
      <div className="flex items-center gap-3">
        <form.SubmitButton>Opslaan</form.SubmitButton>
        {saved ? <SavedNote /> : null}
      </div>
    </AppForm>
  );
}
