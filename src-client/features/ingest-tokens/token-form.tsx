import { type ReactNode, useState } from 'react';
import * as v from 'valibot';
import { type CreatedIngestToken, createIngestTokenSchema } from '@/domain/ingest-token';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { CreatedTokenDialog } from './created-token-dialog';
import { useCreateIngestToken } from './use-ingest-token-mutations';
import { useAppForm } from '~/components/form/use-app-form';

/** The server's own rule for the name: one schema for the form and the procedure. */
const schema = v.pick(createIngestTokenSchema, ['name']);

/** Names a new token; the answer (the token, once) opens in a dialog with `usage`, the ready-made examples. */
export function TokenForm({ dashboardId, usage }: { dashboardId: number; usage: (token: string) => ReactNode }) {
  const create = useCreateIngestToken();
  const [created, setCreated] = useState<CreatedIngestToken | null>(null);
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { name: '' },
    validators: { onSubmit: formSchema<{ name: string }>(schema) },
    onSubmit: async ({ value, formApi }) => {
      const ok = await run(formApi, async () => setCreated(await create.mutateAsync({ dashboardId, name: value.name })));
      if (ok) formApi.reset();
    },
  });
  return (
    <>
      <AppForm form={form} failure={failure} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label="Naam"
              required
              placeholder="bijv. Prometheus productie"
              hint="Verschijnt in de historie van elk alarm dat via dit token binnenkomt."
            />
          )}
        </form.AppField>
        <form.SubmitButton>Token aanmaken</form.SubmitButton>
      </AppForm>
      <CreatedTokenDialog created={created} onClose={() => setCreated(null)} usage={usage} />
    </>
  );
}
