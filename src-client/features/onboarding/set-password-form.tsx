import { newPasswordSchema } from '@/domain/auth';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import * as v from 'valibot';
import { useAppForm } from '~/components/form/use-app-form';

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
  const form = useAppForm({
    defaultValues: { password: '', repeat: '' } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value.password)),
  });
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.AppField name="password">{(field) => <field.NewPasswordField label="Nieuw wachtwoord" autoFocus />}</form.AppField>
      <form.AppField name="repeat">
        {(field) => <field.TextField label="Herhaal het wachtwoord" type="password" autoComplete="new-password" required />}
      </form.AppField>
      <form.SubmitButton>{submitLabel}</form.SubmitButton>
    </AppForm>
  );
}
