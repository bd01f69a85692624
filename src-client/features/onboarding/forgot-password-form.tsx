import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { passwordResetRequestSchema } from '@/domain/onboarding';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { AlertBanner } from '~/components/ui/alert-banner';
import { useTRPC } from '~/lib/trpc';
import { useAppForm } from '~/components/form/use-app-form';

/** Asks for a reset link; the answer is the same neutral message whether or not the address exists. */
export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.onboarding.requestPasswordReset.mutationOptions());
  const { failure, run } = useRequestFailure();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: formSchema<{ email: string }>(passwordResetRequestSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, async () => setAnswer((await request.mutateAsync(value)).message)),
  });
  if (answer) {
    return (
      <AlertBanner variant="primary" title="Aanvraag ontvangen">
        {answer}
      </AlertBanner>
    );
  }
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.AppField name="email">{(field) => <field.TextField label="E-mailadres" type="email" autoComplete="username" required autoFocus />}</form.AppField>
      <form.SubmitButton>Link versturen</form.SubmitButton>
    </AppForm>
  );
}
