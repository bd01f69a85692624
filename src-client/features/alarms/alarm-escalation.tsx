import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { EscalationState } from '@/domain/escalation-policy';
import { TIME_ZONE } from '@/lib/amsterdam';
import { useTRPC } from '~/lib/trpc';

const clock = (iso: string) => format(new TZDate(Date.parse(iso), TIME_ZONE), 'HH:mm');
const names = (s: EscalationState) => s.users.map((u) => u.name).join(', ') || 'niemand bereikbaar';

const stoppedText: Record<NonNullable<EscalationState['stopped']>['reason'], (by: string | null) => string> = {
  ACKNOWLEDGED: (by) => `bevestigd door ${by ?? 'iemand'}`,
  RESOLVED: (by) => `opgelost${by ? ` door ${by}` : ''}`,
  MAINTENANCE: () => 'onderhoudsvenster',
  DONE: () => 'alle stappen verstuurd',
};

/** "Stap 2 van 3 — Jan, volgende stap om 02:45", or why it stopped (local time). */
function escalationLine(s: EscalationState) {
  const step = `Stap ${s.step} van ${s.steps}${s.rounds > 1 ? ` (ronde ${s.round} van ${s.rounds})` : ''} — ${names(s)}`;
  if (s.stopped)
    return s.stopped.reason === 'DONE' ? `${step}; ${stoppedText.DONE(null)}` : `Escalatie gestopt: ${stoppedText[s.stopped.reason](s.stopped.by)}`;
  return s.nextAt ? `${step}, volgende stap om ${clock(s.nextAt)}` : step;
}

/** Where the alarm's escalations stand; nothing when no rule escalates it. */
export function AlarmEscalation({ alarmId }: { alarmId: number }) {
  const trpc = useTRPC();
  // The next step and a stop change without this console doing anything: look again now and then.
  const states = useQuery({ ...trpc.escalationPolicy.state.queryOptions({ alarmId }), refetchInterval: 15_000 });
  if (!states.data?.length) return null;
  return (
    <section className="grid gap-2" aria-label="Escalatie">
      <h3 className="text-sm font-medium">Escalatie</h3>
      <ul className="grid gap-1 text-sm">
        {states.data.map((s) => (
          <li key={s.policyId} className="break-words">
            <span className="text-muted-foreground">{s.policyName}: </span>
            {escalationLine(s)}
          </li>
        ))}
      </ul>
    </section>
  );
}
