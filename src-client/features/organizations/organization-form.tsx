import { createOrganizationSchema } from '@/domain/organization';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { useAppForm } from '~/components/form/use-app-form';

/** The organization's name, for creating and renaming. */
export function OrganizationForm({ name = '', submitLabel, onSubmit }: { name?: string; submitLabel: string; onSubmit: (name: string) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { name },
    validators: { onSubmit: formSchema<{ name: string }>(createOrganizationSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value.name.trim())),
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.AppField name="name">{(field) => <field.TextField label="Naam" required maxLength={200} />}</form.AppField>
      <div>
        <form.SubmitButton>{submitLabel}</form.SubmitButton>
      </div>
    </AppForm>
  );
}
