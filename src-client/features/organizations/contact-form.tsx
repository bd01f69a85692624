import * as v from 'valibot';
import { type Contact, contactFieldLabels as labels, contactSchema } from '@/domain/organization';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { useAppForm } from '~/components/form/use-app-form';

type ContactValues = { contact: { phone: string; email: string; hours: string } };
const contactFormSchema = v.object({ contact: contactSchema });

/** How the organization's customers reach the firm: shown on their location page and in their monthly mail. Empty parts are left out. */
export function ContactForm({ contact, onSubmit }: { contact: Required<Contact>; onSubmit: (contact: Contact) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { contact: { phone: contact.phone ?? '', email: contact.email ?? '', hours: contact.hours ?? '' } } satisfies ContactValues as ContactValues,
    validators: { onSubmit: formSchema<ContactValues>(contactFormSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value.contact)),
  });
  return (
    <AppForm form={form} failure={failure} className="grid max-w-2xl gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="contact.phone">
          {(field) => <field.TextField label={labels.phone} type="tel" autoComplete="off" maxLength={40} hint="Bijvoorbeeld 020 123 4567" />}
        </form.AppField>
        <form.AppField name="contact.email">
          {(field) => <field.TextField label={labels.email} type="email" autoComplete="off" maxLength={260} />}
        </form.AppField>
      </div>
      <form.AppField name="contact.hours">
        {(field) => <field.TextField label={labels.hours} maxLength={210} hint="Bijvoorbeeld 'Ma–vr 8–17 uur, storingen 24/7'" />}
      </form.AppField>
      <div>
        <form.SubmitButton>Opslaan</form.SubmitButton>
      </div>
    </AppForm>
  );
}
