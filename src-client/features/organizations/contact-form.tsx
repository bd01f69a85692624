import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { type Contact, contactFieldLabels as labels, contactSchema } from '@/domain/organization';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';

type ContactValues = { contact: { phone: string; email: string; hours: string } };
const contactFormSchema = v.object({ contact: contactSchema });

/** How the organization's customers reach the firm: shown on their location page and in their monthly mail. Empty parts are left out. */
export function ContactForm({ contact, onSubmit }: { contact: Required<Contact>; onSubmit: (contact: Contact) => Promise<unknown> }) {
  const { failure, run } = useRequestFailure();
  const form = useForm({
    defaultValues: { contact: { phone: contact.phone ?? '', email: contact.email ?? '', hours: contact.hours ?? '' } } satisfies ContactValues as ContactValues,
    validators: { onSubmit: formSchema<ContactValues>(contactFormSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value.contact)),
  });
  return (
    <AppForm form={form} failure={failure} className="grid max-w-2xl gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="contact.phone">
          {(field) => <TextField field={field} label={labels.phone} type="tel" autoComplete="off" maxLength={40} hint="Bijvoorbeeld 020 123 4567" />}
        </form.Field>
        <form.Field name="contact.email">
          {(field) => <TextField field={field} label={labels.email} type="email" autoComplete="off" maxLength={260} />}
        </form.Field>
      </div>
      <form.Field name="contact.hours">
        {(field) => <TextField field={field} label={labels.hours} maxLength={210} hint="Bijvoorbeeld 'Ma–vr 8–17 uur, storingen 24/7'" />}
      </form.Field>
      <div>
        <SubmitButton form={form}>Opslaan</SubmitButton>
      </div>
    </AppForm>
  );
}
