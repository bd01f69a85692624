import { useState } from 'react';
import * as v from 'valibot';
import { newPasswordSchema } from '@/domain/auth';
import { currentPasswordSchema } from '@/domain/user';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { useAppForm } from '~/components/form/use-app-form';

type Values = { currentPassword: string; password: string };
const othersSchema = v.object({ password: newPasswordSchema });
const ownSchema = v.object({ currentPassword: currentPasswordSchema, password: newPasswordSchema });

/**
 * Sets a new password; the user's other sessions end. Users changing their own (`own`) also give
 * the current one, an admin or installer resetting someone else's does not.
 */
export function PasswordForm({ own, onSubmit }: { own: boolean; onSubmit: (values: { password: string; currentPassword?: string }) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const [saved, setSaved] = useState(false);
  const form = useAppForm({
    defaultValues: { currentPassword: '', password: '' } as Values,
    validators: { onSubmit: formSchema<Values>(own ? ownSchema : othersSchema) },
    onSubmit: async ({ value, formApi }) => {
      setSaved(false);
      const values = own ? value : { password: value.password };
      if (await run(formApi, () => onSubmit(values))) {
        formApi.reset();
        setSaved(true);
      }
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      {own ? (
        <form.AppField name="currentPassword">
          {(field) => <field.TextField label="Huidig wachtwoord" type="password" autoComplete="current-password" required />}
        </form.AppField>
      ) : null}
      <form.AppField name="password">
        {(field) => (
          <field.NewPasswordField label="Nieuw wachtwoord" after={`${own ? 'Je andere sessies' : 'Andere sessies van deze gebruiker'} worden beëindigd.`} />
        )}
      </form.AppField>
      <div className="flex items-center gap-3">
        <form.SubmitButton>Wachtwoord instellen</form.SubmitButton>
        {saved ? (
          <span role="status" className="text-sm text-muted-foreground">
            Het wachtwoord is ingesteld.
          </span>
        ) : null}
      </div>
    </AppForm>
  );
}
