import { keepFieldFocus } from '~/components/form/field-checks';
import { useStore } from '@tanstack/react-form';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { createAlarmSchema } from '@/domain/alarm';
import { type AlarmDashboard, type Priority, prioritySchema, priorityOptions } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { fromLocalInput, isLocalInput } from './alarm-format';
import { useCreateAlarm } from './use-alarm-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  line: string;
  priority: Priority;
  folderId: number;
  deadlineAt: string;
  data: { name: string; value: string }[];
}

const schema = v.object({
  line: createAlarmSchema.entries.line,
  priority: prioritySchema,
  folderId: v.number('Kies een map.'),
  deadlineAt: v.pipe(
    v.string(),
    v.check((s) => s === '' || isLocalInput(s), 'Kies een datum en tijd.'),
  ),
  data: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(), v.trim(), v.nonEmpty('Geef dit veld een naam.'), v.maxLength(64, 'Een veldnaam mag maximaal 64 tekens lang zijn.')),
        value: v.pipe(v.string(), v.maxLength(2000, 'Een waarde mag maximaal 2000 tekens lang zijn.')),
      }),
    ),
    v.check((rows) => new Set(rows.map((r) => r.name.trim())).size === rows.length, 'Elke veldnaam mag maar één keer voorkomen.'),
  ),
});

/**
 * 'Nieuw alarm': an alarm taken by phone, with line, priority, folder, deadline and optional
 * data rows, raised like any other (alarm.create).
 */
export function NewAlarmDialog({ dashboard, folders, folderId }: { dashboard: AlarmDashboard; folders: AlarmFolder[]; folderId?: number }) {
  const [open, setOpen] = useState(false);
  const create = useCreateAlarm();
  const { failure, run } = useRequestFailure();
  const choosable = folders.filter((f) => !f.trash);
  const initialFolder = choosable.find((f) => f.id === folderId) ?? choosable.find((f) => f.id === dashboard.settings.defaultFolderId) ?? choosable[0];
  const form = useAppForm({
    defaultValues: { line: '', priority: dashboard.settings.defaultPriority, folderId: initialFolder?.id ?? 0, deadlineAt: '', data: [] } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: ({ value, formApi }) =>
      run(formApi, async () => {
        await create.mutateAsync({
          dashboardId: dashboard.id,
          line: value.line.trim(),
          priority: value.priority,
          folderId: value.folderId,
          deadlineAt: value.deadlineAt ? fromLocalInput(value.deadlineAt) : null,
          data: Object.fromEntries(value.data.map((r) => [r.name.trim(), r.value])),
        });
        setOpen(false);
        formApi.reset();
      }),
  });
  const rows = useStore(form.store, (s) => s.values.data.length);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      title="Nieuw alarm"
      description="Voor een melding die telefonisch of op een andere manier binnenkomt."
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" />
          Nieuw alarm
        </Button>
      }
    >
      <AppForm form={form} failure={failure} className="grid max-h-[70vh] gap-4 overflow-y-auto px-1 pb-1">
        <form.AppField name="line">{(field) => <field.TextField label="Melding" required maxLength={512} autoFocus />}</form.AppField>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="priority">{(field) => <field.ChoiceField label="Prioriteit" options={priorityOptions} />}</form.AppField>
          <form.AppField name="folderId">
            {(field) => <field.ChoiceField label="Map" options={choosable.map((f) => ({ value: String(f.id), label: f.label }))} parse={Number} />}
          </form.AppField>
        </div>
        <form.AppField name="deadlineAt">
          {(field) => <field.TextField label="Deadline" type="datetime-local" hint="Optioneel, in Nederlandse tijd." />}
        </form.AppField>
        <form.Field name="data" mode="array">
          {(dataField) => (
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-medium">Gegevens</legend>
              {rows === 0 ? <p className="text-sm text-muted-foreground">Optioneel: bijvoorbeeld installatie, adres of telefoonnummer.</p> : null}
              {Array.from({ length: rows }, (_, i) => (
                <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                  <form.Field name={`data[${i}].name`}>
                    {(field) => (
                      <div className="grid gap-1">
                        <Input
                          aria-label={`Naam van gegeven ${i + 1}`}
                          placeholder="Naam"
                          value={field.state.value}
                          onChange={(e) => field.handleChange(e.target.value)}
                          onBlur={field.handleBlur}
                          aria-invalid={shownErrors(field).length > 0}
                        />
                        <FieldError id={`data-${i}-name-error`} messages={shownErrors(field)} />
                      </div>
                    )}
                  </form.Field>
                  <form.Field name={`data[${i}].value`}>
                    {(field) => (
                      <div className="grid gap-1">
                        <Input
                          aria-label={`Waarde van gegeven ${i + 1}`}
                          placeholder="Waarde"
                          value={field.state.value}
                          onChange={(e) => field.handleChange(e.target.value)}
                          onBlur={field.handleBlur}
                        />
                        <FieldError id={`data-${i}-value-error`} messages={shownErrors(field)} />
                      </div>
                    )}
                  </form.Field>
                  <Button variant="ghost" size="icon" aria-label={`Gegeven ${i + 1} verwijderen`} onClick={() => dataField.removeValue(i)}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </div>
              ))}
              <FieldError id="new-alarm-data-error" messages={shownErrors(dataField)} />
              <div>
                <Button variant="outline" size="sm" onMouseDown={keepFieldFocus} onClick={() => dataField.pushValue({ name: '', value: '' })}>
                  <Plus aria-hidden className="size-4" />
                  Gegeven toevoegen
                </Button>
              </div>
            </fieldset>
          )}
        </form.Field>
        <div>
          <form.SubmitButton>Alarm aanmaken</form.SubmitButton>
        </div>
      </AppForm>
    </Dialog>
  );
}
