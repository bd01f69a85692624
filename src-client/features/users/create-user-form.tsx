import { useState } from 'react';
import { type CreateUser, type InviteUser, type UserType, createUserSchema, inviteUserSchema, userFieldLabels as labels } from '@/domain/user';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { AccessChoice, type AccessMode } from './access-choice';
import { LocationsField } from './user-fields';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  type: UserType;
  email: string;
  fullName: string;
  password: string;
  organizationId: number | undefined;
  locationIds: number[];
}

const inviteSchema = formSchema<Values>(inviteUserSchema);
const createSchema = formSchema<Values>(createUserSchema);

/**
 * A new user of one type: the fields of that type only. The user either gets a
 * password now, or an invitation by e-mail to choose one.
 */
export function CreateUserForm({
  type,
  onCreate,
  onInvite,
}: {
  type: UserType;
  onCreate: (input: CreateUser) => Promise<unknown>;
  onInvite: (input: InviteUser) => Promise<unknown>;
}) {
  const { failure, run } = useRequestFailure();
  const [mode, setMode] = useState<AccessMode>('password');
  const form = useAppForm({
    defaultValues: { type, email: '', fullName: '', password: '', organizationId: undefined, locationIds: [] } as Values,
    validators: { onSubmit: mode === 'invite' ? inviteSchema : createSchema },
    onSubmit: ({ value, formApi }) => {
      const { organizationId, locationIds, password, ...common } = value;
      const input = type === 'installer' ? { ...common, organizationId } : type === 'customer' ? { ...common, locationIds } : common;
      return run(formApi, () => (mode === 'invite' ? onInvite(input as InviteUser) : onCreate({ ...input, password } as CreateUser)));
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.AppField name="email">{(field) => <field.TextField label={labels.email} type="email" autoComplete="off" required />}</form.AppField>
      <form.AppField name="fullName">{(field) => <field.TextField label={labels.fullName} autoComplete="off" />}</form.AppField>
      <AccessChoice mode={mode} onChange={setMode} />
      {mode === 'password' ? <form.AppField name="password">{(field) => <field.NewPasswordField label={labels.password} />}</form.AppField> : null}
      {type === 'installer' ? <form.AppField name="organizationId">{(field) => <field.OrganizationField />}</form.AppField> : null}
      {type === 'customer' ? <form.AppField name="locationIds">{() => <LocationsField />}</form.AppField> : null}
      <div>
        <form.SubmitButton>{mode === 'invite' ? 'Uitnodiging versturen' : 'Gebruiker aanmaken'}</form.SubmitButton>
      </div>
    </AppForm>
  );
}
