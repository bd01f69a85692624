import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import * as v from 'valibot';
import type { ScheduleMember } from '@/domain/schedule';
import { amsterdamIso } from '@/lib/amsterdam';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SelectField } from '~/components/form/select-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { useAddOverride } from './use-schedule-mutations';

interface Values {
  userId: number | undefined;
  from: string;
  to: string;
}

const localAt = (hour: number, plusDays = 0) => `${amsterdamIso(Date.now() + plusDays * 86_400_000).slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
const localInput = (label: string) => v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, `Vul ${label} in als datum en tijd.`));
const schema = v.pipe(
  v.object({ userId: v.number('Kies wie de dienst overneemt.'), from: localInput('het begin'), to: localInput('het einde') }),
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
  const form = useForm({
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
      <form.Field name="userId">
        {(field) => (
          <SelectField
            field={field}
            label="Wie neemt de dienst over"
            placeholder="Kies een persoon"
            options={members.map((m) => ({ value: m.id, label: m.name }))}
            required
          />
        )}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="from">{(field) => <TextField field={field} label="Van" type="datetime-local" required hint="In Nederlandse tijd." />}</form.Field>
        <form.Field name="to">{(field) => <TextField field={field} label="Tot" type="datetime-local" required />}</form.Field>
      </div>
      <div>
        <SubmitButton form={form}>Vervanging toevoegen</SubmitButton>
      </div>
      {past ? (
        <p role="status" className="text-sm text-muted-foreground">
          {past}
        </p>
      ) : null}
    </AppForm>
  );
}
