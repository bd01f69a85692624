import { useQuery } from '@tanstack/react-query';
import { channelPhrase } from '@/domain/notification';
import { formatDateTime } from '@/lib/dates';
import { useTRPC } from '~/lib/trpc';

interface Details {
  rule?: string;
  channel?: string;
  target?: string;
  name?: string;
  error?: string;
  retry?: boolean;
  /** A mail to each of the dashboard's users: who has it so far, and whose address failed. */
  reached?: string[];
  notReached?: string[];
}

/** Who was told about this alarm and when, from its history (`notified` / `notification-failed`); nothing while no rule sent. */
export function AlarmNotifications({ alarmId }: { alarmId: number }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.alarm.history.queryOptions({ alarmId }));
  const sent = (history.data ?? []).filter((h) => h.event === 'notified' || h.event === 'notification-failed');
  if (sent.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium">Meldingen</h3>
      <ul className="grid gap-1 text-sm">
        {sent.map((h, i) => {
          const d = h.details as Details;
          const channel = channelPhrase(d.channel ?? '');
          return (
            <li key={i} className="break-words">
              <span className="tabular-nums text-muted-foreground">{formatDateTime(new Date(h.at))}</span>{' '}
              {h.event === 'notified'
                ? `Verstuurd ${channel} aan ${d.name ?? d.target ?? ''}`
                : `Mislukt ${channel}${d.name || d.target ? ` aan ${d.name ?? d.target}` : ''}: ${d.error ?? ''}${d.retry ? ' (wordt opnieuw geprobeerd)' : ''}`}
              {d.rule ? <span className="text-muted-foreground"> · regel {d.rule}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
