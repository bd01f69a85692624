import { type AnyFieldApi, useStore } from '@tanstack/react-form';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { type Layer, RESTRICTIONS_MAX, SHIFT_UNITS, type ScheduleMember, layerSchema, shiftUnitLabels, weekdayLabels } from '@/domain/schedule';
import { AppForm } from '~/components/form/app-form';
import { FieldError, shownErrors, useFieldId } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { requestErrorMessage, requestFieldErrors, showFieldError } from '~/lib/request-error';
import { useAppForm } from '~/components/form/use-app-form';

interface Window {
  days: number[];
  from: string;
  to: string;
}
interface Values {
  name: string;
  users: number[];
  start: string;
  unit: Layer['shift']['unit'];
  count: number;
  restricted: boolean;
  restrictions: Window[];
}

/** A new window: every night, 18:00 to 08:00 the next morning. */
const nightWindow = (): Window => ({ days: [1, 2, 3, 4, 5, 6, 7], from: '18:00', to: '08:00' });

const toValues = (layer: Layer | undefined, start: string): Values => ({
  name: layer?.name ?? '',
  users: layer?.users ?? [],
  start: layer?.start ?? start,
  unit: layer?.shift.unit ?? 'DAY',
  count: layer?.shift.count ?? 1,
  restricted: (layer?.restrictions?.length ?? 0) > 0,
  restrictions: layer?.restrictions?.length ? layer.restrictions.map((w) => ({ ...w, days: [...w.days] })) : [nightWindow()],
});

/** The layer as the API takes it: without windows when it is not restricted. */
const toLayer = (values: Values): Layer => ({
  name: values.name.trim(),
  users: values.users,
  start: values.start,
  shift: { unit: values.unit, count: values.count },
  ...(values.restricted ? { restrictions: values.restrictions } : {}),
});

/**
 * Field errors of the layer, keyed by the form's field names: the shared schema's, or the server's
 * for `layers.<index>.…`. `shift.unit` is the form's `unit`; `restrictions.1.days.0` belongs to
 * `restrictions[1].days`.
 */
function layerErrors(issues: Record<string, string[]>, prefix: string) {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(issues)) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const window = /^restrictions\.(\d+)\.(days|from|to)/.exec(rest);
    const field = rest.startsWith('shift.')
      ? rest === 'shift.unit'
        ? 'unit'
        : 'count'
      : window
        ? `restrictions[${window[1]}].${window[2]}`
        : rest.split('.')[0]!;
    out[field] ??= messages.join(' ');
  }
  return out;
}

/**
 * Adds or edits one layer: its people in turn order (no dragging: arrows move them), the first
 * handoff, how long a turn lasts, and optionally windows of weekdays and times (each may cross
 * midnight), added, changed and removed one by one.
 */
export function LayerForm({
  layer,
  index,
  members,
  defaultStart,
  onSave,
}: {
  layer?: Layer;
  index: number;
  members: ScheduleMember[];
  defaultStart: string;
  onSave: (layer: Layer) => Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: toValues(layer, defaultStart),
    validators: {
      onSubmit: ({ value }) => {
        const result = v.safeParse(layerSchema, toLayer(value));
        if (result.success) return undefined;
        return { fields: layerErrors((v.flatten(result.issues).nested ?? {}) as Record<string, string[]>, '') };
      },
    },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        await onSave(toLayer(value));
      } catch (error) {
        for (const [name, message] of Object.entries(layerErrors(requestFieldErrors(error), `layers.${index}.`))) showFieldError(formApi, name, message);
        setFailure(requestErrorMessage(error));
      }
    },
  });
  const restricted = useStore(form.store, (s) => s.values.restricted);
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.AppField name="name">{(field) => <field.TextField label="Naam van de laag" placeholder="bijv. Nacht" required />}</form.AppField>
      <form.Field name="users">{(field) => <PeopleInTurn field={field} members={members} />}</form.Field>
      <form.AppField name="start">
        {(field) => (
          <field.TextField
            label="Eerste overdracht"
            type="datetime-local"
            required
            hint="De overdrachten volgen op dit tijdstip (Nederlandse tijd), ook over zomer- en wintertijd."
          />
        )}
      </form.AppField>
      <div className="grid grid-cols-2 gap-3">
        <form.AppField name="count">
          {(field) => <field.ChoiceField label="Een beurt duurt" options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: String(n) }))} parse={Number} />}
        </form.AppField>
        <form.AppField name="unit">
          {(field) => <field.ChoiceField label="Eenheid" options={SHIFT_UNITS.map((u) => ({ value: u, label: shiftUnitLabels[u].many }))} />}
        </form.AppField>
      </div>
      <form.Field name="restricted">
        {(field) => (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
            Alleen op bepaalde dagen en tijden (bijv. de nacht of het weekend)
          </label>
        )}
      </form.Field>
      {restricted ? (
        <form.Field name="restrictions" mode="array">
          {(windows) => (
            <div className="grid gap-3">
              {windows.state.value.map((_, w) => (
                <fieldset key={w} className="grid gap-3 rounded-md border border-border p-3">
                  <legend className="px-1 text-sm font-medium">Tijdvenster {w + 1}</legend>
                  <form.Field name={`restrictions[${w}].days`}>{(field) => <DaysField field={field} />}</form.Field>
                  <div className="grid grid-cols-2 gap-3">
                    <form.AppField name={`restrictions[${w}].from`}>{(field) => <field.TextField label="Van" type="time" required />}</form.AppField>
                    <form.AppField name={`restrictions[${w}].to`}>
                      {(field) => <field.TextField label="Tot" type="time" required hint="Eerder dan 'van': tot de volgende dag." />}
                    </form.AppField>
                  </div>
                  {windows.state.value.length > 1 ? (
                    <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => windows.removeValue(w)}>
                      <Trash2 aria-hidden className="size-4" /> Tijdvenster {w + 1} verwijderen
                    </Button>
                  ) : null}
                </fieldset>
              ))}
              <FieldError id={`layer-windows-${index}`} messages={shownErrors(windows)} />
              {windows.state.value.length < RESTRICTIONS_MAX ? (
                <Button type="button" variant="outline" className="justify-self-start" onClick={() => windows.pushValue(nightWindow())}>
                  <Plus aria-hidden className="size-4" /> Tijdvenster toevoegen
                </Button>
              ) : null}
            </div>
          )}
        </form.Field>
      ) : null}
      <div>
        <form.SubmitButton>Laag opslaan</form.SubmitButton>
      </div>
    </AppForm>
  );
}

/** The weekdays a window starts on, as toggles. */
function DaysField({ field }: { field: AnyFieldApi }) {
  const id = useFieldId(field);
  const days: number[] = field.state.value;
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm">Dagen (de dag waarop het venster begint)</legend>
      <div className="flex flex-wrap gap-1">
        {weekdayLabels.map((label, i) => {
          const day = i + 1;
          const on = days.includes(day);
          return (
            <label
              key={day}
              className={`cursor-pointer rounded border px-2 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${on ? 'border-primary bg-primary text-primary-foreground' : 'border-input'}`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                onChange={(e) => field.handleChange(e.target.checked ? [...days, day].sort((a, b) => a - b) : days.filter((d) => d !== day))}
              />
              {label}
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} messages={shownErrors(field)} />
    </fieldset>
  );
}

/** The people of the layer in turn order: add from the organization's members, move with arrows. */
function PeopleInTurn({ field, members }: { field: AnyFieldApi; members: ScheduleMember[] }) {
  const id = useFieldId(field);
  const users: number[] = field.state.value;
  const name = (userId: number) => members.find((m) => m.id === userId)?.name ?? `Gebruiker ${userId}`;
  const move = (i: number, by: number) => {
    const next = [...users];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    field.handleChange(next);
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required>
        Mensen, in volgorde van hun beurt
      </Label>
      <ol className="grid gap-1">
        {users.map((userId, i) => (
          <li key={`${userId}-${i}`} className="flex items-center gap-2 rounded border border-border px-2 py-1 text-sm">
            <span className="w-5 text-muted-foreground tabular-nums">{i + 1}.</span>
            <span className="flex-1">{name(userId)}</span>
            <Button type="button" variant="ghost" size="sm" aria-label={`${name(userId)} eerder`} disabled={i === 0} onClick={() => move(i, -1)}>
              <ArrowUp aria-hidden className="size-4" />
            </Button>
            <Button type="button" variant="ghost" size="sm" aria-label={`${name(userId)} later`} disabled={i === users.length - 1} onClick={() => move(i, 1)}>
              <ArrowDown aria-hidden className="size-4" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`${name(userId)} verwijderen`}
              onClick={() => field.handleChange(users.filter((_, j) => j !== i))}
            >
              <X aria-hidden className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      <Select
        id={id}
        value=""
        onChange={(e) => {
          if (e.target.value) field.handleChange([...users, Number(e.target.value)]);
        }}
      >
        <option value="">Persoon toevoegen ...</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </Select>
      <FieldError id={`${id}-error`} messages={shownErrors(field)} />
    </div>
  );
}
