import type { AnyFormApi } from '@tanstack/react-form';
import { useState } from 'react';
import * as v from 'valibot';
import { type AlarmDashboard, type Priority, prioritySchema, priorityOptions } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SavedNote } from '~/components/form/saved-note';
import { requestErrorMessage, requestFieldErrors, showFieldError } from '~/lib/request-error';
import { useSetDefaultFolder, useSetDefaultPriority, useSetResolvedFolder } from './use-dashboard-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  priority: Priority;
  folderId: number;
  resolvedFolderId: number;
}

const schema = v.object({ priority: prioritySchema, folderId: v.number('Kies een map.'), resolvedFolderId: v.number('Kies een map.') });

/** The server answers both folder settings' refusals on `folderId`: this one's goes to its own field. */
function showResolvedFolderError(formApi: AnyFormApi, error: unknown) {
  showFieldError(formApi, 'resolvedFolderId', requestFieldErrors(error).folderId?.join(' ') ?? requestErrorMessage(error));
}

/**
 * What a new alarm gets when it brings no priority or folder of its own, and where resolved alarms
 * go (recoveries, maintenance, "Oplossen"): a folder that does not count, and not the trash, where
 * they would be one step from gone (unless an API call chose it).
 */
export function DefaultsForm({ dashboard, folders }: { dashboard: AlarmDashboard; folders: AlarmFolder[] }) {
  const setPriority = useSetDefaultPriority();
  const setFolder = useSetDefaultFolder();
  const setResolvedFolder = useSetResolvedFolder();
  const { failure, run } = useRequestFailure();
  const [saved, setSaved] = useState(false);
  const choosable = folders.filter((f) => !f.trash);
  const resolvable = folders.filter((f) => !f.relevant && (!f.trash || f.id === dashboard.settings.resolvedFolderId));
  const initial: Values = {
    priority: dashboard.settings.defaultPriority,
    folderId: dashboard.settings.defaultFolderId ?? choosable.find((f) => f.name === 'inbox')?.id ?? choosable[0]?.id ?? 0,
    resolvedFolderId: dashboard.settings.resolvedFolderId ?? resolvable.find((f) => f.system && f.name === 'done')?.id ?? resolvable[0]?.id ?? 0,
  };
  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: async ({ value, formApi }) => {
      setSaved(false);
      const ok = await run(formApi, async () => {
        if (value.priority !== dashboard.settings.defaultPriority) await setPriority.mutateAsync({ dashboardId: dashboard.id, priority: value.priority });
        if (value.folderId !== dashboard.settings.defaultFolderId) await setFolder.mutateAsync({ dashboardId: dashboard.id, folderId: value.folderId });
      });
      if (!ok || value.resolvedFolderId === initial.resolvedFolderId) return setSaved(ok);
      try {
        await setResolvedFolder.mutateAsync({ dashboardId: dashboard.id, folderId: value.resolvedFolderId });
        setSaved(true);
      } catch (error) {
        showResolvedFolderError(formApi, error);
      }
    },
  });
  return (
    <AppForm form={form} failure={failure}>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="priority">{(field) => <field.ChoiceField label="Standaardprioriteit" options={priorityOptions} />}</form.AppField>
        <form.AppField name="folderId">
          {(field) => <field.ChoiceField label="Standaardmap" options={choosable.map((f) => ({ value: String(f.id), label: f.label }))} parse={Number} />}
        </form.AppField>
        <form.AppField name="resolvedFolderId">
          {(field) => (
            <field.ChoiceField
              label="Map voor opgeloste alarmen"
              options={resolvable.map((f) => ({ value: String(f.id), label: f.label }))}
              parse={Number}
              hint="Herstelmeldingen, onderhoud en Oplossen verplaatsen alarmen hierheen. Alleen mappen die niet meetellen."
            />
          )}
        </form.AppField>
      </div>
      <div className="flex items-center gap-3">
        <form.SubmitButton>Opslaan</form.SubmitButton>
        {saved ? <SavedNote /> : null}
      </div>
    </AppForm>
  );
}
