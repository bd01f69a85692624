import { useState } from 'react';
import * as v from 'valibot';
import { createContactMethodSchema } from '@/domain/contact-method';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SectionCard } from '~/components/ui/section-card';
import { TestMethodButton } from './test-method-button';
import { useAddContactMethod } from './use-add-contact-method';
import { useAppForm } from '~/components/form/use-app-form';

const initial = { url: '', token: '' };

/** The server's own rules for the topic URL and the token: the NTFY variant of the contact method schema. */
const schema = v.pick(createContactMethodSchema.options[2], ['url', 'token']);

/** Adds an ntfy topic as a contact method: escalations then reach the ntfy app on the phone. */
export function NtfyCard() {
  const add = useAddContactMethod();
  const { failure, run } = useRequestFailure();
  const [added, setAdded] = useState<{ id: number; address: string } | null>(null);
  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: formSchema<typeof initial>(schema) },
    onSubmit: async ({ value, formApi }) => {
      setAdded(null);
      const ok = await run(formApi, async () => {
        const method = await add.mutateAsync({ type: 'NTFY', url: value.url, token: value.token || null });
        setAdded({ id: method.id, address: method.address });
      });
      if (ok) formApi.reset(initial);
    },
  });
  return (
    <SectionCard title="Meldingen via ntfy">
      <div className="grid gap-4 text-sm">
        <p>
          Met de gratis app <strong>ntfy</strong> (Android en iPhone) krijg je een alarm als pushmelding, met knoppen om het te bevestigen of te openen.
        </p>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Installeer ntfy uit de Play Store, F-Droid of App Store.</li>
          <li>Tik op + en abonneer je op een topic met een naam die niemand raadt, bijvoorbeeld piket-jan-7f3k9q.</li>
          <li>Vul hieronder de server en het topic in. Gebruikt je eigen ntfy-server inloggen, maak dan een toegangstoken en vul dat ook in.</li>
        </ol>
        <AppForm form={form} failure={failure} className="grid gap-4">
          <form.AppField name="url">
            {(field) => (
              <field.TextField
                label="Server en topic"
                type="url"
                required
                autoComplete="off"
                placeholder="https://ntfy.sh/mijn-geheime-topic"
                hint="De server met het topic erachter, zoals de app het toont."
              />
            )}
          </form.AppField>
          <form.AppField name="token">
            {(field) => (
              <field.TextField
                label="Toegangstoken (niet verplicht)"
                type="password"
                autoComplete="new-password"
                hint="Alleen nodig als je ntfy-server inloggen vraagt; het token wordt versleuteld bewaard en nooit getoond."
              />
            )}
          </form.AppField>
          <div>
            <form.SubmitButton>ntfy toevoegen</form.SubmitButton>
          </div>
        </AppForm>
        {added ? (
          <div className="grid gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3">
            <p role="status">Toegevoegd: {added.address}. Escalaties bereiken je nu ook via ntfy.</p>
            <TestMethodButton contactMethodId={added.id} />
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
