import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import * as v from 'valibot';
import { type AlarmDashboard, PRIORITIES, type Priority, priorityLabels, prioritySchema } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SubmitButton } from '~/components/form/submit-button';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { useSetDefaultFolder, useSetDefaultPriority } from './use-dashboard-mutations';

interface Values {
  priority: Priority;
  folderId: number;
}

const schema = v.object({ priority: prioritySchema, folderId: v.number('Kies een map.') });

/** What a new alarm gets when it brings no priority or folder of its own. */
export function DefaultsForm({ dashboard, folders }: { dashboard: AlarmDashboard; folders: AlarmFolder[] }) {
  const setPriority = useSetDefaultPriority();
  const setFolder = useSetDefaultFolder();
  const { failure, run } = useRequestFailure();
  const [saved, setSaved] = useState(false);
  const choosable = folders.filter((f) => !f.trash);
  const initial: Values = {
    priority: dashboard.settings.defaultPriority,
    folderId: dashboard.settings.defaultFolderId ?? choosable.find((f) => f.name === 'inbox')?.id ?? choosable[0]?.id ?? 0,
  };
  const form = useForm({
    defaultValues: initial,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: async ({ value, formApi }) => {
      setSaved(false);
      const ok = await run(formApi, async () => {
        if (value.priority !== dashboard.settings.defaultPriority) await setPriority.mutateAsync({ dashboardId: dashboard.id, priority: value.priority });
        if (value.folderId !== dashboard.settings.defaultFolderId) await setFolder.mutateAsync({ dashboardId: dashboard.id, folderId: value.folderId });
      });
      setSaved(ok);
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="priority">
          {(field) => (
            <div className="grid content-start gap-1.5">
              <Label htmlFor="default-priority">Standaardprioriteit</Label>
              <Select id="default-priority" value={field.state.value} onChange={(e) => field.handleChange(e.target.value as Priority)}>
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {priorityLabels[p]}
                  </option>
                ))}
              </Select>
              <FieldError id="default-priority-error" messages={shownErrors(field)} />
            </div>
          )}
        </form.Field>
        <form.Field name="folderId">
          {(field) => (
            <div className="grid content-start gap-1.5">
              <Label htmlFor="default-folder">Standaardmap</Label>
              <Select id="default-folder" value={String(field.state.value)} onChange={(e) => field.handleChange(Number(e.target.value))}>
                {choosable.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.label}
                  </option>
                ))}
              </Select>
              <FieldError id="default-folder-error" messages={shownErrors(field)} />
            </div>
          )}
        </form.Field>
      </div>
      <div className="flex items-center gap-3">
        <SubmitButton form={form}>Opslaan</SubmitButton>
        {saved ? (
          <span role="status" className="text-sm text-muted-foreground">
            Opgeslagen.
          </span>
        ) : null}
      </div>
    </AppForm>
  );
}
