import { keepFieldFocus } from '~/components/form/field-checks';
import { Plus, Trash2 } from 'lucide-react';
import { priorityOptions } from '@/domain/alarm-dashboard';
import { DATA_FIELDS_MAX, MATCH_FIELDS, PRIORITY_RULES_MAX, matchFieldLabels } from '@/domain/alarm-parser';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import type { DefaultForm } from './use-parser-form';

const fieldOptions = MATCH_FIELDS.map((f) => ({ value: f, label: matchFieldLabels[f] }));
/**
 * A row by the room its list has (not the screen's): stacked when narrow, the pattern on a line
 * of its own under the other two when medium, all three side by side when wide. The remove
 * button sits in the corner.
 */
const rowClass = 'relative grid min-w-0 items-start gap-3 rounded-lg border border-border p-3 pr-12 @md:grid-cols-2 @2xl:grid-cols-[9rem_minmax(0,1fr)_9rem]';
const patternClass = 'min-w-0 @md:order-last @md:col-span-2 @2xl:order-none @2xl:col-span-1';

export function RemoveButton({ label, onClick, hidden }: { label: string; onClick: () => void; hidden: boolean }) {
  if (hidden) return null;
  return (
    <Button variant="ghost" size="icon" className="absolute top-1.5 right-1.5 size-9" aria-label={label} onClick={onClick}>
      <Trash2 aria-hidden className="size-4" />
    </Button>
  );
}

/** Priority rules, in order: the first whose pattern matches its field sets the alarm's priority. */
export function PriorityRules({ form, readOnly }: { form: DefaultForm; readOnly: boolean }) {
  return (
    <form.Field name="config.priority" mode="array">
      {(list) => (
        <div className="grid gap-3">
          {list.state.value.length === 0 ? (
            <p className="text-sm text-muted-foreground">Geen regels: elk alarm krijgt de standaardprioriteit van het dashboard.</p>
          ) : null}
          <ol className="@container grid gap-3" aria-label="Prioriteitsregels">
            {list.state.value.map((_, i) => (
              <li key={i} className={rowClass} data-testid="priority-rule">
                <form.AppField name={`config.priority[${i}].field`}>{(field) => <field.ChoiceField label="Veld" options={fieldOptions} />}</form.AppField>
                <div className={patternClass}>
                  <form.AppField name={`config.priority[${i}].pattern`}>
                    {(field) => <field.TextField label="Patroon" required className="font-mono" spellCheck={false} autoComplete="off" />}
                  </form.AppField>
                </div>
                <form.AppField name={`config.priority[${i}].priority`}>
                  {(field) => <field.ChoiceField label="Prioriteit" options={priorityOptions} />}
                </form.AppField>
                <RemoveButton label={`Prioriteitsregel ${i + 1} verwijderen`} hidden={readOnly} onClick={() => list.removeValue(i)} />
              </li>
            ))}
          </ol>
          <FieldError id="config-priority-error" messages={shownErrors(list)} />
          {readOnly || list.state.value.length >= PRIORITY_RULES_MAX ? null : (
            <div>
              <Button
                variant="outline"
                size="sm"
                onMouseDown={keepFieldFocus}
                onClick={() => list.pushValue({ field: 'subject', pattern: '', priority: 'HIGH' })}
              >
                <Plus aria-hidden className="size-4" />
                Regel toevoegen
              </Button>
            </div>
          )}
        </div>
      )}
    </form.Field>
  );
}

/** Data fields: each pattern's first group, found in its field, is stored with the alarm under the name. */
export function DataFields({ form, readOnly }: { form: DefaultForm; readOnly: boolean }) {
  return (
    <form.Field name="config.data" mode="array">
      {(list) => (
        <div className="grid gap-3">
          {list.state.value.length === 0 ? <p className="text-sm text-muted-foreground">Geen gegevens.</p> : null}
          <ol className="@container grid gap-3" aria-label="Gegevens">
            {list.state.value.map((_, i) => (
              <li key={i} className={rowClass} data-testid="data-field">
                <form.AppField name={`config.data[${i}].name`}>
                  {(field) => <field.TextField label="Naam" required className="font-mono" spellCheck={false} autoComplete="off" />}
                </form.AppField>
                <div className={patternClass}>
                  <form.AppField name={`config.data[${i}].pattern`}>
                    {(field) => <field.TextField label="Patroon" required className="font-mono" spellCheck={false} autoComplete="off" />}
                  </form.AppField>
                </div>
                <form.AppField name={`config.data[${i}].field`}>{(field) => <field.ChoiceField label="Zoeken in" options={fieldOptions} />}</form.AppField>
                <RemoveButton label={`Gegeven ${i + 1} verwijderen`} hidden={readOnly} onClick={() => list.removeValue(i)} />
              </li>
            ))}
          </ol>
          <FieldError id="config-data-error" messages={shownErrors(list)} />
          {readOnly || list.state.value.length >= DATA_FIELDS_MAX ? null : (
            <div>
              <Button variant="outline" size="sm" onMouseDown={keepFieldFocus} onClick={() => list.pushValue({ name: '', field: 'body', pattern: '' })}>
                <Plus aria-hidden className="size-4" />
                Gegeven toevoegen
              </Button>
            </div>
          )}
        </div>
      )}
    </form.Field>
  );
}
