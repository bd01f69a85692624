/**
 * An alarm's history as Dutch sentences for the panel's timeline, newest first: what happened last
 * is what the person working the alarm needs first. A run of repeats reads as one line with the
 * latest count, so an alarm that repeats hundreds of times stays readable.
 */
import type { HistoryItem } from '@/domain/alarm-lifecycle';
import { type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import { channelPhrase } from '@/domain/notification';
import { formatShortInstant } from '~/lib/alarms/format';

export interface HistoryLine {
  at: string;
  text: string;
  /** The stored e-mail this line came from (created, repeated or resolved by mail). */
  alarmEmailId?: number;
}

type Details = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
const label = (value: unknown) => str((value as { label?: unknown } | null)?.label) || 'een verwijderde map';
const priority = (value: unknown) => priorityLabels[value as Priority] ?? str(value);

/** "door Ina" for a person; via e-mail, the API or the system otherwise. */
function by({ actor, details }: HistoryItem) {
  if (actor.type === 'USER') return details.via === 'link' ? `door ${actor.name} (via de link in een melding)` : `door ${actor.name}`;
  if (actor.type === 'EMAIL') return `via e-mail van ${actor.name}`;
  if (actor.type === 'API') return `via de API (${actor.name})`;
  return 'door het systeem';
}

function resolvedText(item: HistoryItem, details: Details) {
  switch (details.by) {
    case 'RECOVERY':
      return `Opgelost door herstelmelding (${item.actor.type === 'EMAIL' ? `e-mail van ${item.actor.name}` : 'e-mail'})`;
    case 'MAINTENANCE':
      return 'Opgelost tijdens onderhoud';
    case 'API':
      return `Opgelost via de API (${item.actor.name})`;
    case 'SYSTEM':
      return 'Opgelost door het systeem';
    default:
      return `Opgelost ${by(item)}`;
  }
}

function text(item: HistoryItem, userName: (id: number) => string): string {
  const d = item.details;
  switch (item.event) {
    case 'created':
      return `Aangemaakt ${by(item)}`;
    case 'occurred':
      return `Nogmaals ontvangen${num(d.occurrences) ? ` (×${num(d.occurrences)})` : ''} ${by(item)}`;
    case 'moved':
      return `Verplaatst van ${label(d.from)} naar ${label(d.to)} ${by(item)}`;
    case 'resolved':
      return resolvedText(item, d);
    case 'reopened':
      return `Heropend ${by(item)}`;
    case 'acknowledged':
      return `Bevestigd ${by(item)}`;
    case 'assigned':
      return `Toegewezen aan ${str(d.name) || userName(num(d.userId) ?? 0)}${item.actor.type === 'USER' && item.actor.id === d.userId ? '' : ` ${by(item)}`}`;
    case 'unassigned':
      return `Niet meer toegewezen aan ${userName(num(d.userId) ?? 0)} ${by(item)}`;
    case 'priority':
      return `Prioriteit gewijzigd van ${priority(d.old)} naar ${priority(d.new)} ${by(item)}`;
    case 'deadline':
      return d.new ? `Deadline gezet op ${formatShortInstant(str(d.new))} ${by(item)}` : `Deadline gewist ${by(item)}`;
    case 'notes':
      return d.length === 0 ? `Notities gewist ${by(item)}` : `Notities gewijzigd ${by(item)}`;
    case 'seen':
      return d.seen ? `Gelezen ${by(item)}` : `Gemarkeerd als ongelezen ${by(item)}`;
    case 'notified':
      return `Melding verstuurd${deliveryText(d)}`;
    case 'notification-failed':
      return `Melding${deliveryText(d)} mislukt${reachedText(d)}`;
    case 'escalated':
      return escalatedText(d);
  }
}

/** " per e-mail aan Piet": the channel, then the person reached (or the address when no one person was). */
const deliveryText = (d: Details) => {
  const whom = str(d.name) || str(d.target);
  return `${str(d.channel) ? ` ${channelPhrase(str(d.channel))}` : ''}${whom ? ` aan ${whom}` : ''}`;
};

/** A mail to each of the dashboard's users that reached some of them: who has it. */
const reachedText = (d: Details) => {
  const reached = Array.isArray(d.reached) ? d.reached.filter((a): a is string => typeof a === 'string') : [];
  return reached.length ? ` (wel bereikt: ${reached.join(', ')})` : '';
};

function escalatedText(d: Details) {
  const users = Array.isArray(d.users) ? (d.users as { name?: unknown }[]).map((u) => str(u.name)).filter(Boolean) : [];
  const round = num(d.round) ?? 1;
  return `Escalatie stap ${num(d.step) ?? '?'}${round > 1 ? ` (ronde ${round})` : ''}: ${users.length ? users.join(', ') : 'niemand bereikbaar'}`;
}

const emailOf = (item: HistoryItem) => num(item.details.alarmEmailId) ?? (item.actor.type === 'EMAIL' ? item.actor.id : undefined);

/** `history` oldest first, as the server answers it; `userName` names a user the history only knows by id. */
export function historyLines(history: HistoryItem[], userName: (id: number) => string): HistoryLine[] {
  const lines: HistoryLine[] = [];
  history.forEach((item, i) => {
    // A repeat followed by another repeat is told by the later one's count.
    if (item.event === 'occurred' && history[i + 1]?.event === 'occurred') return;
    const alarmEmailId = emailOf(item);
    lines.push({ at: item.at, text: text(item, userName), ...(alarmEmailId ? { alarmEmailId } : {}) });
  });
  return lines.reverse();
}
