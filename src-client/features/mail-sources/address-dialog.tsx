import { AtSign } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { type MailAddress, createMailAddressSchema } from '@/domain/mail-source';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { Button } from '~/components/ui/button';
import { CopyButton } from '~/components/ui/copy-button';
import { Dialog } from '~/components/ui/dialog';
import { useCreateAddress } from './use-source-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  name: string;
  password: string;
}

/** The server's own rules; an empty password means none (senders need not sign in). */
const schema = v.object({
  name: createMailAddressSchema.entries.name,
  password: v.union([v.literal(''), v.unwrap(v.unwrap(createMailAddressSchema.entries.password))]),
});

/** Adds a receiving address; the answer shows the address to configure in the device, ready to copy. */
export function AddressDialog({ dashboardId }: { dashboardId: number }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<MailAddress | null>(null);
  const create = useCreateAddress();
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { name: '', password: '' } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: ({ value, formApi }) =>
      run(formApi, async () => setCreated(await create.mutateAsync({ dashboardId, name: value.name, password: value.password || null }))),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setCreated(null);
          form.reset();
        }
      }}
      title="E-mailadres toevoegen"
      description="Apparaten en monitoringsystemen mailen hun meldingen rechtstreeks naar dit adres, zonder mailbox ertussen."
      trigger={
        <Button variant="outline">
          <AtSign aria-hidden className="size-4" />
          Adres toevoegen
        </Button>
      }
    >
      {created ? (
        <div className="grid gap-3" data-testid="created-address">
          <p className="text-sm">Stel dit adres in als ontvanger in het apparaat of de monitoring:</p>
          <code className="rounded-md border border-border bg-muted px-3 py-2 text-sm break-all">{created.address}</code>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={created.address} label="Adres kopiëren" />
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Klaar
            </Button>
          </div>
        </div>
      ) : (
        <AppForm form={form} failure={failure} className="grid gap-4">
          <form.AppField name="name">{(field) => <field.TextField label="Naam" required placeholder="bijv. Zabbix productie" maxLength={64} />}</form.AppField>
          <form.AppField name="password">
            {(field) => (
              <field.TextField
                label="Wachtwoord (optioneel)"
                type="password"
                autoComplete="new-password"
                hint="Met een wachtwoord moet de afzender zich aanmelden (AUTH PLAIN, met het adres als gebruikersnaam). Leeg: het geheime adres volstaat."
              />
            )}
          </form.AppField>
          <div>
            <form.SubmitButton>Adres toevoegen</form.SubmitButton>
          </div>
        </AppForm>
      )}
    </Dialog>
  );
}
