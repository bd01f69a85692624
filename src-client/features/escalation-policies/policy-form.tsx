import { TRPCClientError } from '@trpc/client';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import { type EscalationTarget, REPEAT_MAX, STEPS_MAX } from '@/domain/escalation-policy';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { requestErrorMessage } from '~/lib/request-error';
import { useCreatePolicy } from './use-escalation-policy-mutations';

interface Step {
  afterMinutes: string;
  targets: EscalationTarget[];
}

const first = (): Step => ({ afterMinutes: '0', targets: [] });
const same = (a: EscalationTarget, b: EscalationTarget) => a.type === b.type && ('id' in a ? a.id : 0) === ('id' in b ? b.id : 0);

function fieldErrorsOf(error: unknown) {
  return (error instanceof TRPCClientError ? (error.data?.fieldErrors as Record<string, string[]> | undefined) : undefined) ?? {};
}

/** One step: after how many minutes, and whom it asks (the dashboard's users, one by one or all). */
function StepEditor({
  index,
  step,
  users,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  step: Step;
  users: DashboardUser[];
  errors: Record<string, string[]>;
  onChange: (step: Step) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  const toggle = (target: EscalationTarget, on: boolean) =>
    onChange({ ...step, targets: on ? [...step.targets, target] : step.targets.filter((t) => !same(t, target)) });
  const options: [EscalationTarget, string][] = [
    [{ type: 'ASSIGNABLE' }, 'Alle gebruikers van het dashboard'],
    ...users.map((u): [EscalationTarget, string] => [{ type: 'USER', id: u.id }, u.fullName || u.email]),
  ];
  const message = (key: string) =>
    Object.entries(errors)
      .filter(([k]) => k === `steps.${index}.${key}` || k.startsWith(`steps.${index}.${key}.`))
      .flatMap(([, m]) => m)
      .join(' ');
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Stap {index + 1}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-minutes`}>Na (minuten na het alarm)</Label>
        <Input
          id={`${id}-minutes`}
          type="number"
          min={0}
          max={1440}
          className="w-32"
          value={step.afterMinutes}
          disabled={index === 0}
          onChange={(e) => onChange({ ...step, afterMinutes: e.target.value })}
        />
        {message('afterMinutes') ? <p className="text-sm font-medium text-destructive">{message('afterMinutes')}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Wie</span>
        {options.map(([target, label]) => (
          <label key={`${target.type}-${'id' in target ? target.id : ''}`} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={step.targets.some((t) => same(t, target))}
              onChange={(e) => toggle(target, e.target.checked)}
            />
            {label}
          </label>
        ))}
        {message('targets') ? <p className="text-sm font-medium text-destructive">{message('targets')}</p> : null}
      </div>
      {onRemove ? (
        <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={onRemove}>
          <Trash2 aria-hidden className="size-4" /> Stap verwijderen
        </Button>
      ) : null}
    </fieldset>
  );
}

/** A new escalation policy: up to five steps, each after a number of minutes, and how often it repeats. */
export function PolicyForm({ dashboardId, users }: { dashboardId: number; users: DashboardUser[] }) {
  const id = useId();
  const create = useCreatePolicy();
  const [name, setName] = useState('');
  const [repeat, setRepeat] = useState(0);
  const [steps, setSteps] = useState<Step[]>([first()]);
  const errors = fieldErrorsOf(create.error);
  const submit = () =>
    create.mutate(
      { dashboardId, name, repeat, steps: steps.map((s) => ({ afterMinutes: Number(s.afterMinutes), targets: s.targets })) },
      {
        onSuccess: () => {
          setName('');
          setRepeat(0);
          setSteps([first()]);
        },
      },
    );
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {create.error ? (
        <AlertBanner variant="error" title="Verzoek mislukt">
          {requestErrorMessage(create.error)}
        </AlertBanner>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Naam</Label>
        <Input id={`${id}-name`} value={name} placeholder="bijv. Piket nacht" onChange={(e) => setName(e.target.value)} />
        {errors.name ? <p className="text-sm font-medium text-destructive">{errors.name.join(' ')}</p> : null}
      </div>
      {steps.map((step, i) => (
        <StepEditor
          key={i}
          index={i}
          step={step}
          users={users}
          errors={errors}
          onChange={(next) => setSteps(steps.map((s, j) => (j === i ? next : s)))}
          onRemove={i > 0 ? () => setSteps(steps.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      {errors.steps ? <p className="text-sm font-medium text-destructive">{errors.steps.join(' ')}</p> : null}
      {steps.length < STEPS_MAX ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setSteps([...steps, { afterMinutes: String(Number(steps.at(-1)!.afterMinutes) + 15), targets: [] }])}
        >
          <Plus aria-hidden className="size-4" /> Stap toevoegen
        </Button>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-repeat`}>Herhalen als niemand bevestigt</Label>
        <Select id={`${id}-repeat`} className="w-48" value={repeat} onChange={(e) => setRepeat(Number(e.target.value))}>
          {Array.from({ length: REPEAT_MAX + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n === 0 ? 'Niet herhalen' : `${n}× opnieuw`}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          Escalatie toevoegen
        </Button>
      </div>
    </form>
  );
}
