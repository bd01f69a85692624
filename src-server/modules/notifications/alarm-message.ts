/**
 * What a notification says about its alarm: the webhook body, and the e-mail's
 * Dutch subject, text and HTML body, both with the link that opens the alarm in the console.
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { NotifyEvent } from '@/domain/notification';
import { escapeHtml } from '@/domain/text';
import { isoFromSeconds } from '../../platform/clock';

export interface AlarmFacts {
  id: number;
  dashboardId: number;
  dashboardName: string;
  key: string | null;
  line: string;
  priority: Priority;
  receivedAt: number;
  resolvedAt: number | null;
  acknowledgedAt: number | null;
  data: string;
  folderId: number;
  folderName: string;
  folderLabel: string;
}

const alarmUrl = (publicUrl: string, a: AlarmFacts) =>
  `${publicUrl.replace(/\/+$/, '')}/app/alarms/${a.dashboardId}/folders/${encodeURIComponent(a.folderName)}?alarm=${a.id}`;

export function webhookBody(event: NotifyEvent, sentAt: Date, a: AlarmFacts, publicUrl: string) {
  return JSON.stringify({
    event,
    sentAt: sentAt.toISOString(),
    dashboard: { id: a.dashboardId, name: a.dashboardName },
    alarm: {
      id: a.id,
      key: a.key,
      line: a.line,
      priority: a.priority,
      receivedAt: isoFromSeconds(a.receivedAt),
      resolvedAt: isoFromSeconds(a.resolvedAt),
      data: JSON.parse(a.data) as unknown,
      folder: { id: a.folderId, label: a.folderLabel },
      url: alarmUrl(publicUrl, a),
    },
  });
}

const createdTags: Record<Priority, string> = { HIGH: '[HOOG]', MEDIUM: '[MIDDEL]', LOW: '[LAAG]' };
const eventTags: Record<Exclude<NotifyEvent, 'created'>, string> = { resolved: '[OPGELOST]', unacknowledged: '[NIET BEVESTIGD]', overdue: '[TE LAAT]' };
const intro: Record<NotifyEvent, string> = {
  created: 'Er is een nieuw alarm binnengekomen.',
  resolved: 'Dit alarm is opgelost.',
  unacknowledged: 'Dit alarm is nog niet bevestigd.',
  overdue: 'De deadline van dit alarm is verstreken.',
};

export const mailSubject = (event: NotifyEvent, a: AlarmFacts) => `${event === 'created' ? createdTags[a.priority] : eventTags[event]} ${a.line}`;

/**
 * The mail's text and HTML body. `actionUrl`, a one-time link for the one person the mail goes to,
 * adds a "Bevestigen" link to a page that asks before it acts.
 */
export function mailBodies(event: NotifyEvent, a: AlarmFacts, publicUrl: string, actionUrl?: string) {
  const data = Object.entries(JSON.parse(a.data) as Record<string, unknown>).map(([k, v]): [string, string] => [
    k,
    typeof v === 'string' ? v : JSON.stringify(v),
  ]);
  const facts: [string, string][] = [
    ['Dashboard', a.dashboardName],
    ['Prioriteit', a.priority],
    ['Ontvangen', isoFromSeconds(a.receivedAt)!],
    ...(a.resolvedAt ? [['Opgelost', isoFromSeconds(a.resolvedAt)!] as [string, string]] : []),
    ['Map', a.folderLabel],
    ...data,
  ];
  const url = alarmUrl(publicUrl, a);
  const act = actionUrl ? [`Bevestigen: ${actionUrl}`, ''] : [];
  const text = [intro[event], '', a.line, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', ...act, `Openen: ${url}`, ''].join('\n');
  const rows = facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const button = actionUrl
    ? `<p><a href="${escapeHtml(actionUrl)}" style="display:inline-block;padding:10px 18px;background:#b91c1c;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">Bevestigen</a></p>`
    : '';
  const html = `<p>${escapeHtml(intro[event])}</p><h2>${escapeHtml(a.line)}</h2><table>${rows}</table>${button}<p><a href="${escapeHtml(url)}">Alarm openen</a></p>`;
  return { text, html };
}
