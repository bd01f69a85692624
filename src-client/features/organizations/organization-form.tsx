import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { createOrganizationSchema } from '@/domain/organization';
import { SubmitButton } from '~/components/form/submit-button';
import { formSchema } from '~/components/form/form-schema';
import { TextField } from '~/components/form/text-field';
import { AlertBanner } from '~/components/ui/alert-banner';
import { applyRequestError } from '~/features/lists/request-error';

/** The organization's name, for creating and renaming. */
export function OrganizationForm({ name = '', submitLabel, onSubmit }: { name?: string; submitLabel: string; onSubmit: (name: string) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { name },
    validators: { onSubmit: formSchema<{ name: string }>(createOrganizationSchema) },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        await onSubmit(value.name.trim());
      } catch (error) {
        setFailure(applyRequestError(formApi, error));
      }
    },
  });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      {failure ? (
        <AlertBanner variant="error" title="Verzoek mislukt">
          {failure}
        </AlertBanner>
      ) : null}
      <form.Field name="name">{(field) => <TextField field={field} label="Naam" required maxLength={200} />}</form.Field>
      <div>
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
