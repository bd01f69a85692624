import { useForm } from '@tanstack/react-form';
import { PASSWORD_MIN_LENGTH } from '@/domain/auth';
import { type CreateUser, type UserType, createUserSchema, userFieldLabels as labels } from '@/domain/user';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { OrganizationField } from '~/components/form/organization-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { LocationsField } from './user-fields';

interface Values {
  type: UserType;
  email: string;
  fullName: string;
  password: string;
  organizationId: number | undefined;
  locationIds: number[];
}

/** A new user of one type: the fields of that type only (SPEC.md §3). */
export function CreateUserForm({ type, onSubmit }: { type: UserType; onSubmit: (input: CreateUser) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const form = useForm({
    defaultValues: { type, email: '', fullName: '', password: '', organizationId: undefined, locationIds: [] } as Values,
    validators: { onSubmit: formSchema<Values>(createUserSchema) },
    onSubmit: ({ value, formApi }) => {
      const { organizationId, locationIds, ...common } = value;
      const input = type === 'installer' ? { ...common, organizationId } : type === 'customer' ? { ...common, locationIds } : common;
      return run(formApi, () => onSubmit(input as CreateUser));
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.Field name="email">{(field) => <TextField field={field} label={labels.email} type="email" autoComplete="off" required />}</form.Field>
      <form.Field name="fullName">{(field) => <TextField field={field} label={labels.fullName} autoComplete="off" />}</form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField
            field={field}
            label={labels.password}
            type="password"
            autoComplete="new-password"
            required
            hint={`Minstens ${PASSWORD_MIN_LENGTH} tekens. Een zin van een paar woorden werkt goed.`}
          />
        )}
      </form.Field>
      {type === 'installer' ? <form.Field name="organizationId">{(field) => <OrganizationField field={field} />}</form.Field> : null}
      {type === 'customer' ? <form.Field name="locationIds">{(field) => <LocationsField field={field} />}</form.Field> : null}
      <div>
        <SubmitButton form={form}>Gebruiker aanmaken</SubmitButton>
      </div>
    </AppForm>
  );
}
