import { Link } from '@tanstack/react-router';
import { Check, CheckCheck, RotateCcw, Repeat } from 'lucide-react';
import type { AlarmDetail } from '@/domain/alarm';
import type { HistoryItem } from '@/domain/alarm-lifecycle';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { Button } from '~/components/ui/button';
import { formatShortInstant } from '~/lib/alarms/format';
import { fieldErrorOf } from './request-errors';
import { useAcknowledge, useSetFolder } from './use-alarm-mutations';

interface Props {
  dashboardId: number;
  alarm: AlarmDetail;
  history: HistoryItem[] | undefined;
  resolvedFolder: AlarmFolder | undefined;
  reopenFolder: AlarmFolder | undefined;
  userName: (id: number) => string;
  announce: (text: string) => void;
}

const lastOf = (history: HistoryItem[] | undefined, event: HistoryItem['event']) => history?.findLast((h) => h.event === event);

/** How and when the alarm was resolved, in the words of its resolution. */
function resolutionText(alarm: AlarmDetail, history: HistoryItem[] | undefined, userName: (id: number) => string) {
  const resolution = alarm.resolution;
  const when = alarm.resolvedAt ? ` ${formatShortInstant(alarm.resolvedAt)}` : '';
  switch (resolution?.by) {
    case 'RECOVERY':
      return `Opgelost door herstelmelding (e-mail)${when}`;
    case 'MAINTENANCE':
      return `Opgelost tijdens onderhoud${when}`;
    case 'API':
      return `Opgelost via de API${when}`;
    case 'USER':
      return `Opgelost door ${resolution.userId ? userName(resolution.userId) : (lastOf(history, 'resolved')?.actor.name ?? 'een gebruiker')}${when}`;
    default:
      return `Opgelost${when}`;
  }
}

/** Acknowledge, resolve or reopen the alarm, and what became of it: who acknowledged, how it was resolved, the alarm it repeats. */
export function AlarmLifecycle({ dashboardId, alarm, history, resolvedFolder, reopenFolder, userName, announce }: Props) {
  const acknowledge = useAcknowledge();
  const move = useSetFolder();
  const acknowledged = lastOf(history, 'acknowledged');
  const resolved = alarm.resolvedAt !== null;
  const previous = alarm.previousAlarmId;
  const moveTo = (folder: AlarmFolder, done: string) => move.mutate({ alarmId: alarm.id, folderId: folder.id }, { onSuccess: () => announce(done) });
  const error = acknowledge.error ? fieldErrorOf(acknowledge.error, 'alarmId') : move.error ? fieldErrorOf(move.error, 'folderId') : null;
  return (
    <section className="grid gap-3" aria-label="Status">
      <div className="flex flex-wrap gap-2">
        <Button
          variant={alarm.acknowledgedAt ? 'outline' : 'default'}
          size="sm"
          disabled={alarm.acknowledgedAt !== null || acknowledge.isPending}
          onClick={() => acknowledge.mutate({ alarmId: alarm.id }, { onSuccess: () => announce('Alarm bevestigd') })}
        >
          {alarm.acknowledgedAt ? <CheckCheck aria-hidden className="size-4" /> : <Check aria-hidden className="size-4" />}
          {alarm.acknowledgedAt ? 'Bevestigd' : 'Bevestigen'}
        </Button>
        {resolved ? (
          reopenFolder ? (
            <Button variant="outline" size="sm" disabled={move.isPending} onClick={() => moveTo(reopenFolder, `Alarm heropend in ${reopenFolder.label}`)}>
              <RotateCcw aria-hidden className="size-4" />
              Heropenen
            </Button>
          ) : null
        ) : resolvedFolder ? (
          <Button variant="outline" size="sm" disabled={move.isPending} onClick={() => moveTo(resolvedFolder, 'Alarm opgelost')}>
            <CheckCheck aria-hidden className="size-4" />
            Oplossen
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-1 text-sm">
        {alarm.acknowledgedAt ? (
          <li data-testid="alarm-acknowledged">
            Bevestigd{acknowledged ? ` door ${acknowledged.actor.name}` : ''} om {formatShortInstant(acknowledged?.at ?? alarm.acknowledgedAt)}
          </li>
        ) : null}
        {resolved ? (
          <li data-testid="alarm-resolution">
            {resolutionText(alarm, history, userName)}
            {alarm.resolution?.alarmEmailId ? (
              <>
                {' '}
                <Link
                  to="/alarms/$dashboardId/emails/inbox"
                  params={{ dashboardId }}
                  search={{ email: alarm.resolution.alarmEmailId }}
                  className="text-primary underline underline-offset-4"
                >
                  Herstelmelding bekijken
                </Link>
              </>
            ) : null}
          </li>
        ) : null}
        {previous !== null ? (
          <li className="inline-flex flex-wrap items-center gap-1">
            <Repeat aria-hidden className="size-4 text-amber-700" />
            Terugkerend: kwam binnen 24 uur terug na het oplossen van{' '}
            <Link to="." search={(s) => ({ ...s, alarm: previous })} className="text-primary underline underline-offset-4">
              het vorige alarm
            </Link>
          </li>
        ) : null}
      </ul>
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </section>
  );
}
