import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH, newPasswordSchema } from '@/domain/auth';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import * as v from 'valibot';

const schema = v.object({ password: newPasswordSchema });

/** Sets a new password; the user's other sessions end. */
export function PasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    defaultValues: { password: '' },
    validators: { onSubmit: formSchema<{ password: string }>(schema) },
    onSubmit: async ({ value, formApi }) => {
      setSaved(false);
      if (await run(formApi, () => onSubmit(value.password))) {
        formApi.reset();
        setSaved(true);
      }
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.Field name="password">
        {(field) => (
          <TextField
            field={field}
            label="Nieuw wachtwoord"
            type="password"
            autoComplete="new-password"
            required
            hint={`Minstens ${PASSWORD_MIN_LENGTH} tekens. Andere sessies van deze gebruiker worden beëindigd.`}
          />
        )}
      </form.Field>
      <div className="flex items-center gap-3">
        <SubmitButton form={form}>Wachtwoord instellen</SubmitButton>
        {saved ? (
          <span role="status" className="text-sm text-muted-foreground">
            Het wachtwoord is ingesteld.
          </span>
        ) : null}
      </div>
    </AppForm>
  );
}
