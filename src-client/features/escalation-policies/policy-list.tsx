import type { DashboardUser } from '@/domain/alarm-dashboard';
import type { EscalationPolicy, EscalationTarget } from '@/domain/escalation-policy';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Button } from '~/components/ui/button';
import { requestErrorMessage } from '~/lib/request-error';
import { useDeletePolicy } from './use-escalation-policy-mutations';

function targetText(t: EscalationTarget, users: DashboardUser[]) {
  if (t.type === 'ASSIGNABLE') return 'alle gebruikers';
  if (t.type === 'SCHEDULE') return `rooster #${t.id}`;
  const user = users.find((u) => u.id === t.id);
  return user ? user.fullName || user.email : `gebruiker #${t.id}`;
}

/** The dashboard's escalation policies, each step on a line. */
export function PolicyList({ policies, users, editable }: { policies: EscalationPolicy[]; users: DashboardUser[]; editable: boolean }) {
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
                  Stap {i + 1} ({s.afterMinutes === 0 ? 'meteen' : `na ${s.afterMinutes} min`}): {s.targets.map((t) => targetText(t, users)).join(', ')}
                </li>
              ))}
            </ol>
            <p className="text-xs text-muted-foreground">{p.repeat === 0 ? 'Niet herhalen' : `Daarna ${p.repeat}× opnieuw`}</p>
          </div>
          {editable ? (
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
          ) : null}
          {remove.error && remove.variables?.policyId === p.id ? (
            <p className="text-sm font-medium text-destructive sm:col-span-2">{requestErrorMessage(remove.error)}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
