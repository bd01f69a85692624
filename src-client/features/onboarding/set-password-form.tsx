import { useForm } from '@tanstack/react-form';
import { newPasswordSchema } from '@/domain/auth';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { NewPasswordField } from '~/components/form/new-password-field';
import * as v from 'valibot';

interface Values {
  password: string;
  repeat: string;
}

const schema = v.pipe(
  v.object({ password: newPasswordSchema, repeat: v.string() }),
  v.forward(
    v.check((value) => value.password === value.repeat, 'De wachtwoorden zijn niet gelijk.'),
    ['repeat'],
  ),
);

/** A new password from a one-time link (invitation or reset), with the rules of creating a user. */
export function SetPasswordForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (password: string) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const form = useForm({
    defaultValues: { password: '', repeat: '' } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value.password)),
  });
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.Field name="password">{(field) => <NewPasswordField field={field} label="Nieuw wachtwoord" autoFocus />}</form.Field>
      <form.Field name="repeat">
        {(field) => <TextField field={field} label="Herhaal het wachtwoord" type="password" autoComplete="new-password" required />}
      </form.Field>
      <SubmitButton form={form}>{submitLabel}</SubmitButton>
    </AppForm>
  );
}
