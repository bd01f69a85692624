import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { type CreateUser, type InviteUser, type UserType, createUserSchema, inviteUserSchema, userFieldLabels as labels } from '@/domain/user';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { OrganizationField } from '~/components/form/organization-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { NewPasswordField } from '~/components/form/new-password-field';
import { AccessChoice, type AccessMode } from './access-choice';
import { LocationsField } from './user-fields';

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
  const form = useForm({
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
      <form.Field name="email">{(field) => <TextField field={field} label={labels.email} type="email" autoComplete="off" required />}</form.Field>
      <form.Field name="fullName">{(field) => <TextField field={field} label={labels.fullName} autoComplete="off" />}</form.Field>
      <AccessChoice mode={mode} onChange={setMode} />
      {mode === 'password' ? <form.Field name="password">{(field) => <NewPasswordField field={field} label={labels.password} />}</form.Field> : null}
      {type === 'installer' ? <form.Field name="organizationId">{(field) => <OrganizationField field={field} />}</form.Field> : null}
      {type === 'customer' ? <form.Field name="locationIds">{(field) => <LocationsField field={field} />}</form.Field> : null}
      <div>
        <SubmitButton form={form}>{mode === 'invite' ? 'Uitnodiging versturen' : 'Gebruiker aanmaken'}</SubmitButton>
      </div>
    </AppForm>
  );
}
