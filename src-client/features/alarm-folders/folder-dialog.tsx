import { type ReactNode, useState } from 'react';
import * as v from 'valibot';
import {
  COUNT_MODES,
  type CountMode,
  FOLDER_ICONS,
  type AlarmFolder,
  type FolderIcon as FolderIconName,
  countModeLabels,
  createFolderSchema,
} from '@/domain/alarm-folder';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { Dialog } from '~/components/ui/dialog';
import { FolderIcon, folderIconLabels } from '~/components/alarms/folder-icon';
import { useCreateFolder, useUpdateFolder } from './use-folder-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  name: string;
  label: string;
  icon: FolderIconName;
  countMode: CountMode;
  relevant: boolean;
}

const { name, label, icon, countMode } = createFolderSchema.entries;
const schema = v.object({ name, label, icon, countMode, relevant: v.boolean() });

/** Create a folder, or edit one (a system folder keeps its name). */
export function FolderDialog({ dashboardId, folder, trigger, title }: { dashboardId: number; folder?: AlarmFolder; trigger: ReactNode; title: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const { failure, run } = useRequestFailure();
  const defaults: Values = folder
    ? { name: folder.name, label: folder.label, icon: folder.icon, countMode: folder.countMode, relevant: folder.relevant }
    : { name: '', label: '', icon: 'folder', countMode: 'TOTAL', relevant: true };
  const form = useAppForm({
    defaultValues: defaults,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: ({ value, formApi }) =>
      run(formApi, async () => {
        const { name: newName, ...rest } = value;
        if (folder) await update.mutateAsync({ folderId: folder.id, ...rest, label: rest.label.trim(), ...(folder.system ? {} : { name: newName }) });
        else await create.mutateAsync({ dashboardId, ...value, label: value.label.trim() });
        setOpen(false);
      }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(defaults);
      }}
      title={title}
      trigger={trigger}
    >
      <AppForm form={form} failure={failure} className="grid max-h-[75vh] gap-4 overflow-y-auto px-1 pb-1">
        <form.AppField name="label">{(field) => <field.TextField label="Label" required maxLength={64} />}</form.AppField>
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label="Naam in de URL"
              required
              maxLength={32}
              disabled={folder?.system}
              hint={folder?.system ? 'De naam van een systeemmap ligt vast.' : 'Kleine letters, cijfers en streepjes, bijvoorbeeld storingen.'}
            />
          )}
        </form.AppField>
        <form.Field name="icon">
          {(field) => (
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-medium">Pictogram</legend>
              <div className="grid grid-cols-5 gap-2">
                {FOLDER_ICONS.map((option) => (
                  <label
                    key={option}
                    title={folderIconLabels[option]}
                    className="flex cursor-pointer items-center justify-center rounded-md border border-input p-2 hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name="folder-icon"
                      value={option}
                      className="sr-only"
                      checked={field.state.value === option}
                      onChange={() => field.handleChange(option)}
                    />
                    <FolderIcon name={option} className="size-5" />
                    <span className="sr-only">{folderIconLabels[option]}</span>
                  </label>
                ))}
              </div>
              <FieldError id="folder-icon-error" messages={shownErrors(field)} />
            </fieldset>
          )}
        </form.Field>
        <form.AppField name="countMode">
          {(field) => <field.ChoiceField label="Telling in de zijbalk" options={COUNT_MODES.map((mode) => ({ value: mode, label: countModeLabels[mode] }))} />}
        </form.AppField>
        <form.AppField name="relevant">
          {(field) => (
            <field.CheckboxField label="Telt mee in het overzicht" hint="De alarmen in deze map tellen mee bij de aantallen per prioriteit en toewijzing." />
          )}
        </form.AppField>
        <div>
          <form.SubmitButton>{folder ? 'Opslaan' : 'Map toevoegen'}</form.SubmitButton>
        </div>
      </AppForm>
    </Dialog>
  );
}
