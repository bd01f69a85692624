import { useState } from 'react';
import type { EscalationPolicy, EscalationTarget } from '@/domain/escalation-policy';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { PolicyForm, type TargetChoices } from './policy-form';
import { useDeletePolicy } from './use-escalation-policy-mutations';

function targetText(t: EscalationTarget, { users, schedules }: TargetChoices) {
  if (t.type === 'ASSIGNABLE') return 'alle gebruikers';
  if (t.type === 'SCHEDULE') {
    const schedule = schedules.find((s) => s.id === t.id);
    return schedule ? `wie dienst heeft (${schedule.name})` : `rooster #${t.id}`;
  }
  const user = users.find((u) => u.id === t.id);
  return user ? user.fullName || user.email : `gebruiker #${t.id}`;
}

/** Changes one policy in a dialog: the same form as a new one, filled in. */
function EditPolicy({ policy, choices }: { policy: EscalationPolicy; choices: TargetChoices }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      wide
      title={`Escalatie "${policy.name}" bewerken`}
      trigger={
        <Button size="sm" variant="outline">
          Bewerken
        </Button>
      }
    >
      <PolicyForm dashboardId={policy.dashboardId} choices={choices} policy={policy} onSaved={() => setOpen(false)} />
    </Dialog>
  );
}

/** The dashboard's escalation policies, each step on a line. */
export function PolicyList({ policies, choices, editable }: { policies: EscalationPolicy[]; choices: TargetChoices; editable: boolean }) {
  const remove = useDeletePolicy();
  if (policies.length === 0) return <p className="text-sm text-muted-foreground">Er zijn nog geen escalaties.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Escalaties">
      {policies.map((p) => (
        <li key={p.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-1">
            <p className="font-medium">{p.name}</p>
            <ol className="grid gap-0.5 text-sm text-muted-foreground">
              {p.steps.map((s, i) => (
                <li key={i}>
                  Stap {i + 1} ({s.afterMinutes === 0 ? 'meteen' : `na ${s.afterMinutes} min`}): {s.targets.map((t) => targetText(t, choices)).join(', ')}
                </li>
              ))}
            </ol>
            <p className="text-xs text-muted-foreground">{p.repeat === 0 ? 'Niet herhalen' : `Daarna ${p.repeat}× opnieuw`}</p>
          </div>
          {editable ? (
            <div className="flex items-start gap-2">
              <EditPolicy policy={p} choices={choices} />
              <ConfirmDialog
                title={`Escalatie "${p.name}" verwijderen?`}
                description="Meldingsregels die deze escalatie gebruiken moeten eerst iets anders kiezen."
                confirmLabel="Verwijderen"
                onConfirm={() => remove.mutateAsync({ policyId: p.id }).then(() => undefined)}
                trigger={
                  <Button size="sm" variant="outline">
                    Verwijderen
                  </Button>
                }
              />
            </div>
          ) : null}
          {remove.error && remove.variables?.policyId === p.id ? (
            <p className="text-sm font-medium text-destructive sm:col-span-2">{requestErrorMessage(remove.error)}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
