import { type AnyFieldApi, useForm, useStore } from '@tanstack/react-form';
import { TRPCClientError } from '@trpc/client';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { type Layer, SHIFT_UNITS, type ScheduleMember, layerSchema, shiftUnitLabels, weekdayLabels } from '@/domain/schedule';
import { AppForm } from '~/components/form/app-form';
import { SubmitButton } from '~/components/form/submit-button';
import { FieldError, TextField, shownErrors, useFieldId } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { requestErrorMessage } from '~/lib/request-error';

interface Values {
  name: string;
  users: number[];
  start: string;
  unit: Layer['shift']['unit'];
  count: number;
  restricted: boolean;
  days: number[];
  from: string;
  to: string;
}

const toValues = (layer: Layer | undefined, start: string): Values => {
  const [window] = layer?.restrictions ?? [];
  return {
    name: layer?.name ?? '',
    users: layer?.users ?? [],
    start: layer?.start ?? start,
    unit: layer?.shift.unit ?? 'DAY',
    count: layer?.shift.count ?? 1,
    restricted: window !== undefined,
    days: window?.days ?? [1, 2, 3, 4, 5, 6, 7],
    from: window?.from ?? '18:00',
    to: window?.to ?? '08:00',
  };
};

/** The layer as the API takes it; a layer's further windows (made over the API) are kept as they were. */
const toLayer = (values: Values, before: Layer | undefined): Layer => ({
  name: values.name.trim(),
  users: values.users,
  start: values.start,
  shift: { unit: values.unit, count: values.count },
  ...(values.restricted ? { restrictions: [{ days: values.days, from: values.from, to: values.to }, ...(before?.restrictions ?? []).slice(1)] } : {}),
});

/** Field errors of the layer: the shared schema's, or the server's for `layers.<index>.…`. */
function layerErrors(issues: Record<string, string[]>, prefix: string) {
  const out: Partial<Record<keyof Values, string>> = {};
  for (const [path, messages] of Object.entries(issues)) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const field: keyof Values = rest.startsWith('shift.')
      ? rest === 'shift.unit'
        ? 'unit'
        : 'count'
      : rest.startsWith('restrictions')
        ? rest.includes('days')
          ? 'days'
          : rest.endsWith('.to')
            ? 'to'
            : 'from'
        : (rest.split('.')[0] as keyof Values);
    out[field] ??= messages.join(' ');
  }
  return out;
}

/**
 * Adds or edits one layer: its people in turn order (no dragging: arrows move them), the first
 * handoff, how long a turn lasts, and optionally one window of weekdays and times.
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
  const form = useForm({
    defaultValues: toValues(layer, defaultStart),
    validators: {
      onSubmit: ({ value }) => {
        const result = v.safeParse(layerSchema, toLayer(value, layer));
        if (result.success) return undefined;
        return { fields: layerErrors((v.flatten(result.issues).nested ?? {}) as Record<string, string[]>, '') };
      },
    },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        await onSave(toLayer(value, layer));
      } catch (error) {
        const fields = error instanceof TRPCClientError ? (error.data?.fieldErrors as Record<string, string[]> | undefined) : undefined;
        for (const [name, message] of Object.entries(layerErrors(fields ?? {}, `layers.${index}.`))) {
          formApi.setFieldMeta(name as keyof Values, (meta) => ({ ...meta, isTouched: true, errorMap: { ...meta.errorMap, onSubmit: message } }));
        }
        setFailure(requestErrorMessage(error));
      }
    },
  });
  const restricted = useStore(form.store, (s) => s.values.restricted);
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.Field name="name">{(field) => <TextField field={field} label="Naam van de laag" placeholder="bijv. Nacht" required />}</form.Field>
      <form.Field name="users">{(field) => <PeopleInTurn field={field} members={members} />}</form.Field>
      <form.Field name="start">
        {(field) => (
          <TextField
            field={field}
            label="Eerste overdracht"
            type="datetime-local"
            required
            hint="De overdrachten volgen op dit tijdstip (Nederlandse tijd), ook over zomer- en wintertijd."
          />
        )}
      </form.Field>
      <div className="grid grid-cols-2 gap-3">
        <form.Field name="count">
          {(field) => (
            <FieldSelect field={field} label="Een beurt duurt" options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: String(n) }))} parse={Number} />
          )}
        </form.Field>
        <form.Field name="unit">
          {(field) => (
            <FieldSelect field={field} label="Eenheid" options={SHIFT_UNITS.map((u) => ({ value: u, label: shiftUnitLabels[u].many }))} parse={(s) => s} />
          )}
        </form.Field>
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
        <fieldset className="grid gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-medium">Tijdvenster</legend>
          <form.Field name="days">
            {(field) => (
              <div className="grid gap-1.5">
                <span className="text-sm">Dagen (de dag waarop het venster begint)</span>
                <div className="flex flex-wrap gap-1">
                  {weekdayLabels.map((label, i) => {
                    const day = i + 1;
                    const on = field.state.value.includes(day);
                    return (
                      <label
                        key={day}
                        className={`cursor-pointer rounded border px-2 py-1 text-sm ${on ? 'border-primary bg-primary text-primary-foreground' : 'border-input'}`}
                      >
                        <input
                          type="checkbox"
                          className="sr-only"
                          checked={on}
                          onChange={(e) =>
                            field.handleChange(e.target.checked ? [...field.state.value, day].sort() : field.state.value.filter((d) => d !== day))
                          }
                        />
                        {label}
                      </label>
                    );
                  })}
                </div>
                <FieldError id={`layer-days-${index}`} messages={shownErrors(field)} />
              </div>
            )}
          </form.Field>
          <div className="grid grid-cols-2 gap-3">
            <form.Field name="from">{(field) => <TextField field={field} label="Van" type="time" required />}</form.Field>
            <form.Field name="to">
              {(field) => <TextField field={field} label="Tot" type="time" required hint="Eerder dan 'van': tot de volgende dag." />}
            </form.Field>
          </div>
        </fieldset>
      ) : null}
      <div>
        <SubmitButton form={form}>Laag opslaan</SubmitButton>
      </div>
    </AppForm>
  );
}

/** A labelled select bound to a field whose value is not an id. */
function FieldSelect({
  field,
  label,
  options,
  parse,
}: {
  field: AnyFieldApi;
  label: string;
  options: { value: string; label: string }[];
  parse: (s: string) => unknown;
}) {
  const id = useFieldId(field);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={String(field.state.value)} onChange={(e) => field.handleChange(parse(e.target.value))}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
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
