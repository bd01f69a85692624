import { useState } from 'react';
import * as v from 'valibot';
import { type ScheduleMember, createOverrideSchema } from '@/domain/schedule';
import { amsterdamIso } from '@/lib/amsterdam';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { useAddOverride } from './use-schedule-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  userId: number | undefined;
  from: string;
  to: string;
}

const localAt = (hour: number, plusDays = 0) => `${amsterdamIso(Date.now() + plusDays * 86_400_000).slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
/** The server's own rules for the times (a real calendar date and time); the person is chosen from a list. */
const { from, to } = createOverrideSchema.pipe[0].entries;
const schema = v.pipe(
  v.object({ userId: v.number('Kies wie de dienst overneemt.'), from, to }),
  v.forward(
    v.check((o) => o.from < o.to, 'Het einde moet na het begin liggen.'),
    ['to'],
  ),
);

/**
 * "Jan neemt de nacht van Piet over": who, from, to (Nederlandse tijd); tonight by default. A swap
 * that already happened may be recorded too; it leaves the list of coming overrides at once, so the
 * form says where it went.
 */
export function OverrideForm({ scheduleId, members }: { scheduleId: number; members: ScheduleMember[] }) {
  const add = useAddOverride();
  const { failure, run } = useRequestFailure();
  const [past, setPast] = useState<string | null>(null);
  const defaults = (): Values => ({ userId: undefined, from: localAt(18), to: localAt(8, 1) });
  const form = useAppForm({
    defaultValues: defaults(),
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: async ({ value, formApi }) => {
      setPast(null);
      const ok = await run(formApi, () => add.mutateAsync({ scheduleId, userId: value.userId!, from: value.from, to: value.to }));
      if (!ok) return;
      // Local wall times compare as text; the end before now means the swap is over already.
      if (value.to <= amsterdamIso(Date.now()).slice(0, 16))
        setPast('Vervanging vastgelegd. Ze ligt in het verleden: ze telt in de rota van toen en staat niet bij de vervangingen die nog komen.');
      formApi.reset(defaults());
    },
  });
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.AppField name="userId">
        {(field) => (
          <field.SelectField
            label="Wie neemt de dienst over"
            placeholder="Kies een persoon"
            options={members.map((m) => ({ value: m.id, label: m.name }))}
            required
          />
        )}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="from">{(field) => <field.TextField label="Van" type="datetime-local" required hint="In Nederlandse tijd." />}</form.AppField>
        <form.AppField name="to">{(field) => <field.TextField label="Tot" type="datetime-local" required />}</form.AppField>
      </div>
      <div>
        <form.SubmitButton>Vervanging toevoegen</form.SubmitButton>
      </div>
      {past ? (
        <p role="status" className="text-sm text-muted-foreground">
          {past}
        </p>
      ) : null}
    </AppForm>
  );
}
