import { type AnyFieldApi } from '@tanstack/react-form';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import {
  type EscalationPolicy,
  type EscalationTarget,
  REPEAT_MAX,
  STEPS_MAX,
  createEscalationPolicySchema,
  updateEscalationPolicySchema,
} from '@/domain/escalation-policy';
import { AppForm } from '~/components/form/app-form';
import { FieldError, shownErrors, useFieldId } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { requestErrorMessage, requestFieldErrors, showFieldError } from '~/lib/request-error';
import { useCreatePolicy, useUpdatePolicy } from './use-escalation-policy-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Step {
  afterMinutes: string;
  targets: EscalationTarget[];
}
interface Values {
  name: string;
  repeat: number;
  steps: Step[];
}

const empty = (): Values => ({ name: '', repeat: 0, steps: [{ afterMinutes: '0', targets: [] }] });
const toValues = (policy: EscalationPolicy): Values => ({
  name: policy.name,
  repeat: policy.repeat,
  steps: policy.steps.map((s) => ({ afterMinutes: String(s.afterMinutes), targets: s.targets })),
});
/** An empty minutes field stays a non-number, so the schema's own "Geef het aantal minuten op." answers it. */
const toSteps = (steps: Step[]) => steps.map((s) => ({ afterMinutes: s.afterMinutes.trim() === '' ? Number.NaN : Number(s.afterMinutes), targets: s.targets }));

const same = (a: EscalationTarget, b: EscalationTarget) => a.type === b.type && ('id' in a ? a.id : 0) === ('id' in b ? b.id : 0);

/** `steps.1.afterMinutes` (the schema's and the server's path) as the form names it: `steps[1].afterMinutes`. */
const fieldName = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** Messages per form field; a message about a target's parts belongs to the step's targets. */
function toFieldErrors(issues: Record<string, string[]>) {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(issues)) {
    const name = fieldName(path).replace(/^(steps\[\d+\]\.targets)\[.*$/, '$1');
    out[name] = out[name] ? `${out[name]} ${messages.join(' ')}` : messages.join(' ');
  }
  return out;
}

/** Who a step may ask: everyone of the dashboard, whoever is on call on a schedule, or one person. */
export interface TargetChoices {
  users: DashboardUser[];
  schedules: { id: number; name: string }[];
}

function targetOptions({ users, schedules }: TargetChoices): [EscalationTarget, string][] {
  return [
    [{ type: 'ASSIGNABLE' }, 'Alle gebruikers van het dashboard'],
    ...schedules.map((s): [EscalationTarget, string] => [{ type: 'SCHEDULE', id: s.id }, `Wie dienst heeft volgens rooster ${s.name}`]),
    ...users.map((u): [EscalationTarget, string] => [{ type: 'USER', id: u.id }, u.fullName || u.email]),
  ];
}

/** The checkboxes of a step's targets, bound to `steps[i].targets`. */
function TargetsField({ field, choices }: { field: AnyFieldApi; choices: TargetChoices }) {
  const id = useFieldId(field);
  const targets: EscalationTarget[] = field.state.value;
  const messages = shownErrors(field);
  const options = targetOptions(choices);
  // A target chosen earlier that is no longer offered (a deleted schedule, a user who left) stays visible, to be unticked.
  const stale = targets.filter((t) => !options.some(([o]) => same(o, t)));
  const all: [EscalationTarget, string][] = [
    ...options,
    ...stale.map((t): [EscalationTarget, string] => [t, t.type === 'SCHEDULE' ? `Rooster #${t.id}` : `Gebruiker #${'id' in t ? t.id : ''}`]),
  ];
  return (
    <fieldset className="grid gap-1.5" aria-describedby={messages.length ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Wie</legend>
      {all.map(([target, label]) => (
        <label key={`${target.type}-${'id' in target ? target.id : ''}`} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={targets.some((t) => same(t, target))}
            onChange={(e) => field.handleChange(e.target.checked ? [...targets, target] : targets.filter((t) => !same(t, target)))}
          />
          {label}
        </label>
      ))}
      <FieldError id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/**
 * A new escalation policy, or changes to one: a name, up to five steps (each a number of minutes
 * after the alarm and whom it asks) and how often the steps start again when nobody acknowledges.
 * The shared schema checks it here first; the server's field messages land at the same fields.
 */
export function PolicyForm({
  dashboardId,
  choices,
  policy,
  onSaved,
}: {
  dashboardId: number;
  choices: TargetChoices;
  policy?: EscalationPolicy;
  onSaved?: () => void;
}) {
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const [failure, setFailure] = useState<string | null>(null);
  const fields = (value: Values) => ({ name: value.name, repeat: value.repeat, steps: toSteps(value.steps) });
  const input = (value: Values) => (policy ? { policyId: policy.id, ...fields(value) } : { dashboardId, ...fields(value) });
  const form = useAppForm({
    defaultValues: policy ? toValues(policy) : empty(),
    validators: {
      onSubmit: ({ value }) => {
        const result = v.safeParse(policy ? updateEscalationPolicySchema : createEscalationPolicySchema, input(value));
        if (result.success) return undefined;
        return { fields: toFieldErrors((v.flatten(result.issues).nested ?? {}) as Record<string, string[]>) };
      },
    },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        if (policy) await update.mutateAsync({ policyId: policy.id, ...fields(value) });
        else await create.mutateAsync({ dashboardId, ...fields(value) });
        formApi.reset(policy ? value : empty());
        onSaved?.();
      } catch (error) {
        for (const [name, message] of Object.entries(toFieldErrors(requestFieldErrors(error)))) showFieldError(formApi, name, message);
        setFailure(requestErrorMessage(error));
      }
    },
  });
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <form.AppField name="name">{(field) => <field.TextField label="Naam" placeholder="bijv. Piket nacht" required />}</form.AppField>
      <form.Field name="steps" mode="array">
        {(steps) => (
          <div className="grid gap-3">
            {steps.state.value.map((_, i) => (
              <fieldset key={i} className="grid gap-3 rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-medium">Stap {i + 1}</legend>
                <form.AppField name={`steps[${i}].afterMinutes`}>
                  {(field) => (
                    <field.TextField
                      label="Na (minuten na het alarm)"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={1440}
                      className="w-32"
                      readOnly={i === 0}
                      hint={i === 0 ? 'De eerste stap gaat meteen.' : undefined}
                    />
                  )}
                </form.AppField>
                <form.Field name={`steps[${i}].targets`}>{(field) => <TargetsField field={field} choices={choices} />}</form.Field>
                {i > 0 ? (
                  <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => steps.removeValue(i)}>
                    <Trash2 aria-hidden className="size-4" /> Stap {i + 1} verwijderen
                  </Button>
                ) : null}
              </fieldset>
            ))}
            <FieldError id={`policy-steps-${policy?.id ?? 'new'}`} messages={shownErrors(steps)} />
            {steps.state.value.length < STEPS_MAX ? (
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                onClick={() => {
                  const last = Number(steps.state.value.at(-1)?.afterMinutes ?? 0);
                  steps.pushValue({ afterMinutes: String((Number.isFinite(last) ? last : 0) + 15), targets: [] });
                }}
              >
                <Plus aria-hidden className="size-4" /> Stap toevoegen
              </Button>
            ) : null}
          </div>
        )}
      </form.Field>
      <form.Field name="repeat">{(field) => <RepeatField field={field} />}</form.Field>
      <div>
        <form.SubmitButton>{policy ? 'Escalatie opslaan' : 'Escalatie toevoegen'}</form.SubmitButton>
      </div>
    </AppForm>
  );
}

function RepeatField({ field }: { field: AnyFieldApi }) {
  const id = useFieldId(field);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Herhalen als niemand bevestigt</Label>
      <Select id={id} className="w-48" value={field.state.value} onChange={(e) => field.handleChange(Number(e.target.value))}>
        {Array.from({ length: REPEAT_MAX + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n === 0 ? 'Niet herhalen' : `${n}× opnieuw`}
          </option>
        ))}
      </Select>
      <FieldError id={`${id}-error`} messages={shownErrors(field)} />
    </div>
  );
}
