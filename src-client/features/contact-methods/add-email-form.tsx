import * as v from 'valibot';
import { createContactMethodSchema } from '@/domain/contact-method';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { useCreateContactMethod } from './use-contact-method-mutations';
import { useAppForm } from '~/components/form/use-app-form';

/** The server's own rule for an address: the EMAIL variant of the contact method schema. */
const schema = v.pick(createContactMethodSchema.options[0], ['address']);

/** Adds another e-mail address (a shared on-call mailbox, a private address) to the user's methods. */
export function AddEmailForm() {
  const create = useCreateContactMethod();
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { address: '' },
    validators: { onSubmit: formSchema<{ address: string }>(schema) },
    onSubmit: async ({ value, formApi }) => {
      const ok = await run(formApi, () => create.mutateAsync({ type: 'EMAIL', address: value.address }));
      if (ok) formApi.reset();
    },
  });
  return (
    <AppForm form={form} failure={failure} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <form.AppField name="address">
        {(field) => <field.TextField label="E-mailadres toevoegen" type="email" autoComplete="email" placeholder="bijv. piket@installateur.nl" />}
      </form.AppField>
      <form.SubmitButton>Adres toevoegen</form.SubmitButton>
    </AppForm>
  );
}
