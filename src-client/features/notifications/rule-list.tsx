import { useState } from 'react';
import { priorityLabels } from '@/domain/alarm-dashboard';
import { type NotificationRule, notifyEventLabels } from '@/domain/notification';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { useDeleteRule, useTestRule, useUpdateRule } from './use-notification-mutations';

function target(r: NotificationRule, policyNames: Record<number, string>) {
  if (r.channel.type === 'WEBHOOK') return `Webhook ${r.channel.url}`;
  if (r.channel.type === 'TEAMS') return `Teams ${r.channel.url}`;
  if (r.channel.type === 'SLACK') return `Slack ${r.channel.url}`;
  if (r.channel.type === 'ESCALATION') return `Escalatie "${policyNames[r.channel.policyId] ?? `#${r.channel.policyId}`}"`;
  return r.channel.to === 'ASSIGNABLE' ? 'E-mail aan de gebruikers van het dashboard' : `E-mail aan ${r.channel.to.join(', ')}`;
}

const events = (r: NotificationRule) =>
  r.events.map((e) => (e === 'unacknowledged' ? `niet bevestigd na ${r.unacknowledgedMinutes} min` : notifyEventLabels[e].toLowerCase())).join(', ');

function RuleActions({ rule }: { rule: NotificationRule }) {
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const test = useTestRule();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { id } = rule;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() => test.mutateAsync({ ruleId: id }).then(setResult, (e) => setResult({ ok: false, message: requestErrorMessage(e) }))}
        >
          Test
        </Button>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ ruleId: id, enabled: !rule.enabled })}>
          {rule.enabled ? 'Uitzetten' : 'Aanzetten'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost">
              Verwijderen
            </Button>
          }
          title="Meldingsregel verwijderen?"
          description={`"${rule.name}" en de meldingen die ze verstuurde, worden verwijderd.`}
          confirmLabel="Verwijderen"
          onConfirm={() => remove.mutateAsync({ ruleId: id }).then(() => undefined)}
        />
      </div>
      {result ? (
        <p role="status" className={result.ok ? 'text-sm text-emerald-700' : 'text-sm text-destructive'}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}

/** The dashboard's rules with what they match and where they send; editable ones can be tested, switched and deleted. */
export function RuleList({ rules, editable, policyNames = {} }: { rules: NotificationRule[]; editable: boolean; policyNames?: Record<number, string> }) {
  if (rules.length === 0) return <p className="text-sm text-muted-foreground">Er zijn nog geen meldingsregels.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Meldingsregels">
      {rules.map((r) => (
        <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{r.name}</span>
              {r.enabled ? <Badge tone="success">Aan</Badge> : <Badge tone="neutral">Uit</Badge>}
            </div>
            <p className="text-sm">
              {r.priorities.map((p) => priorityLabels[p]).join(', ')} · {events(r)}
            </p>
            <p className="text-xs break-all text-muted-foreground">{target(r, policyNames)}</p>
          </div>
          {editable ? <RuleActions rule={r} /> : null}
        </li>
      ))}
    </ul>
  );
}
