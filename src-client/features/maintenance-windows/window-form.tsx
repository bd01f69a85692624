import * as v from 'valibot';
import { MAINTENANCE_MATCH_MAX, MAINTENANCE_NOTE_MAX } from '@/domain/maintenance-window';
import { amsterdamIso, localToUtc } from '@/lib/amsterdam';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { useCreateWindow } from './use-maintenance-window-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  from: string;
  to: string;
  match: string;
  note: string;
}

/** `datetime-local` values are Amsterdam wall time ('2026-11-25T14:00'); the API takes instants with their offset. */
const toInstant = (local: string) => amsterdamIso(localToUtc(local) * 1000);
const localNow = (plusHours = 0) => amsterdamIso(Date.now() + plusHours * 3_600_000).slice(0, 16);
const localInput = (label: string) => v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, `Vul ${label} in als datum en tijd.`));

const schema = v.pipe(
  v.object({
    from: localInput('het begin'),
    to: localInput('het einde'),
    match: v.pipe(v.string(), v.maxLength(MAINTENANCE_MATCH_MAX, `Het patroon mag maximaal ${MAINTENANCE_MATCH_MAX} tekens lang zijn.`)),
    note: v.pipe(v.string(), v.maxLength(MAINTENANCE_NOTE_MAX, `De notitie mag maximaal ${MAINTENANCE_NOTE_MAX} tekens lang zijn.`)),
  }),
  v.forward(
    v.check((w) => w.from < w.to, 'Het einde moet na het begin liggen.'),
    ['to'],
  ),
);

/** Plans a window: from now for two hours unless changed; the server checks the pattern (RE2). */
export function WindowForm({ dashboardId }: { dashboardId: number }) {
  const create = useCreateWindow();
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { from: localNow(), to: localNow(2), match: '', note: '' } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: async ({ value, formApi }) => {
      const ok = await run(formApi, () =>
        create.mutateAsync({ dashboardId, from: toInstant(value.from), to: toInstant(value.to), match: value.match || null, note: value.note }),
      );
      if (ok) formApi.reset({ from: localNow(), to: localNow(2), match: '', note: '' });
    },
  });
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="from">{(field) => <field.TextField label="Begin" type="datetime-local" required hint="In Nederlandse tijd." />}</form.AppField>
        <form.AppField name="to">
          {(field) => <field.TextField label="Einde" type="datetime-local" required hint="Tot (niet tot en met) dit moment." />}
        </form.AppField>
      </div>
      <form.AppField name="match">
        {(field) => (
          <field.TextField
            label="Patroon"
            placeholder="bijv. omvormer|^site-7"
            hint="Optioneel. Een reguliere expressie (RE2, hoofdletters maken niet uit) die wordt vergeleken met de sleutel en de regel van het alarm; leeg: alle alarmen."
          />
        )}
      </form.AppField>
      <form.AppField name="note">{(field) => <field.TextField label="Notitie" placeholder="bijv. Firmware-update omvormers" />}</form.AppField>
      <div>
        <form.SubmitButton>Onderhoudsvenster plannen</form.SubmitButton>
      </div>
    </AppForm>
  );
}
