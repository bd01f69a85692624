import { useForm } from '@tanstack/react-form';
import { createOrganizationSchema } from '@/domain/organization';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';

/** The organization's name, for creating and renaming. */
export function OrganizationForm({ name = '', submitLabel, onSubmit }: { name?: string; submitLabel: string; onSubmit: (name: string) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const form = useForm({
    defaultValues: { name },
    validators: { onSubmit: formSchema<{ name: string }>(createOrganizationSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value.name.trim())),
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.Field name="name">{(field) => <TextField field={field} label="Naam" required maxLength={200} />}</form.Field>
      <div>
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </AppForm>
  );
}
