import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { passwordResetRequestSchema } from '@/domain/onboarding';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { AlertBanner } from '~/components/ui/alert-banner';
import { useTRPC } from '~/lib/trpc';

/** Asks for a reset link; the answer is the same neutral message whether or not the address exists. */
export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.onboarding.requestPasswordReset.mutationOptions());
  const { failure, run } = useRequestFailure();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm({
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
      <form.Field name="email">{(field) => <TextField field={field} label="E-mailadres" type="email" autoComplete="username" required autoFocus />}</form.Field>
      <SubmitButton form={form}>Link versturen</SubmitButton>
    </AppForm>
  );
}
