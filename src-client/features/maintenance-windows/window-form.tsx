import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { MAINTENANCE_MATCH_MAX, MAINTENANCE_NOTE_MAX } from '@/domain/maintenance-window';
import { amsterdamIso, localToUtc } from '@/lib/amsterdam';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { useCreateWindow } from './use-maintenance-window-mutations';

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
  const form = useForm({
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
        <form.Field name="from">{(field) => <TextField field={field} label="Begin" type="datetime-local" required hint="In Nederlandse tijd." />}</form.Field>
        <form.Field name="to">
          {(field) => <TextField field={field} label="Einde" type="datetime-local" required hint="Tot (niet tot en met) dit moment." />}
        </form.Field>
      </div>
      <form.Field name="match">
        {(field) => (
          <TextField
            field={field}
            label="Patroon"
            placeholder="bijv. omvormer|^site-7"
            hint="Optioneel. Een reguliere expressie (RE2, hoofdletters maken niet uit) die wordt vergeleken met de sleutel en de regel van het alarm; leeg: alle alarmen."
          />
        )}
      </form.Field>
      <form.Field name="note">{(field) => <TextField field={field} label="Notitie" placeholder="bijv. Firmware-update omvormers" />}</form.Field>
      <div>
        <SubmitButton form={form}>Onderhoudsvenster plannen</SubmitButton>
      </div>
    </AppForm>
  );
}
