/**
 * What a notification says about its alarm. One Dutch notice (`alarmNotice`: title, priority,
 * local time, location, dashboard, occurrences, links) that every channel a person reads renders
 * in its own format (mail, push, ntfy, Telegram, Teams, Slack), and the webhook's JSON body for
 * machines (ISO times, English keys).
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { NotifyEvent } from '@/domain/notification';
import { escapeHtml } from '@/domain/text';
import { localDateTimeText } from '@/lib/amsterdam';
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
  occurrences: number;
  /** The customer location the alarm is about, when known: its name and one-line address. */
  location: { name: string; address: string } | null;
}

/** A made-up HIGH alarm for a "Test" button: what a real one would look like, nothing to act on. */
export function testAlarm(now: number, line: string, dashboard: { id: number; name: string }): AlarmFacts {
  return {
    id: 0,
    dashboardId: dashboard.id,
    dashboardName: dashboard.name,
    key: null,
    line,
    priority: 'HIGH',
    receivedAt: now,
    resolvedAt: null,
    acknowledgedAt: null,
    data: JSON.stringify({ test: 'true' }),
    folderId: 0,
    folderName: 'test',
    folderLabel: 'Test',
    occurrences: 1,
    location: null,
  };
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

/** Priorities as a person reads them. */
const PRIORITY_TEXT: Record<Priority, string> = { HIGH: 'HOOG', MEDIUM: 'MIDDEL', LOW: 'LAAG' };
const createdTags: Record<Priority, string> = { HIGH: '[HOOG]', MEDIUM: '[MIDDEL]', LOW: '[LAAG]' };
const eventTags: Record<Exclude<NotifyEvent, 'created'>, string> = { resolved: '[OPGELOST]', unacknowledged: '[NIET BEVESTIGD]', overdue: '[TE LAAT]' };
const intro: Record<NotifyEvent, string> = {
  created: 'Er is een nieuw alarm binnengekomen.',
  resolved: 'Dit alarm is opgelost.',
  unacknowledged: 'Dit alarm is nog niet bevestigd.',
  overdue: 'De deadline van dit alarm is verstreken.',
};

/** A title fits a lock screen: at most this many characters, cut with "…". */
const TITLE_MAX = 120;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export const mailSubject = (event: NotifyEvent, a: AlarmFacts) =>
  clip(`${event === 'created' ? createdTags[a.priority] : eventTags[event]} ${a.line}`, TITLE_MAX);

/** What every channel a person reads says about an alarm, in Dutch and local time. */
export interface AlarmNotice {
  /** `[HOOG] <line>` (or `[OPGELOST] <line>` …), at most `TITLE_MAX` characters. */
  title: string;
  intro: string;
  line: string;
  /** HOOG, MIDDEL or LAAG. */
  priority: string;
  /** `dd-MM-yyyy HH:mm`, Europe/Amsterdam: when it came in. */
  receivedAt: string;
  resolvedAt: string | null;
  /** 'Naam, Straat 1, 1234 AB Plaats' or null when the alarm has no location. */
  location: string | null;
  dashboard: string;
  folder: string;
  occurrences: number;
  /** Opens the alarm in the console. */
  url: string;
  /** The person's one-time "Bevestigen" link (a page that asks before it acts), when there is one. */
  actionUrl: string | null;
  /** Label/value pairs in reading order: Prioriteit, Ontvangen, Locatie, Dashboard, Aantal, Map. */
  facts: [string, string][];
}

export function alarmNotice(event: NotifyEvent, a: AlarmFacts, publicUrl: string, actionUrl?: string | null): AlarmNotice {
  const location = a.location ? [a.location.name, a.location.address].filter(Boolean).join(', ') : null;
  const receivedAt = localDateTimeText(a.receivedAt);
  const resolvedAt = a.resolvedAt === null ? null : localDateTimeText(a.resolvedAt);
  const facts: [string, string][] = [
    ['Prioriteit', PRIORITY_TEXT[a.priority]],
    ['Ontvangen', receivedAt],
    ...(resolvedAt ? [['Opgelost', resolvedAt] as [string, string]] : []),
    ...(location ? [['Locatie', location] as [string, string]] : []),
    ['Dashboard', a.dashboardName],
    ...(a.occurrences > 1 ? [['Aantal', `×${a.occurrences}`] as [string, string]] : []),
    ['Map', a.folderLabel],
  ];
  return {
    title: mailSubject(event, a),
    intro: intro[event],
    line: a.line,
    priority: PRIORITY_TEXT[a.priority],
    receivedAt,
    resolvedAt,
    location,
    dashboard: a.dashboardName,
    folder: a.folderLabel,
    occurrences: a.occurrences,
    url: alarmUrl(publicUrl, a),
    actionUrl: actionUrl ?? null,
    facts,
  };
}

/** The notice's body in short lines for a lock screen: location, then time (and ×N), then dashboard. */
export function noticeLines(n: AlarmNotice): string[] {
  return [n.location, `${n.receivedAt}${n.occurrences > 1 ? ` · ×${n.occurrences}` : ''}`, n.dashboard].filter((l): l is string => Boolean(l));
}

/**
 * The mail's text and HTML body. `actionUrl`, a one-time link for the one person the mail goes to,
 * adds a "Bevestigen" button to a page that asks before it acts (a GET never acts). The HTML is one
 * narrow column with inline styles, readable in any mail client and on a phone.
 */
export function mailBodies(event: NotifyEvent, a: AlarmFacts, publicUrl: string, actionUrl?: string) {
  const n = alarmNotice(event, a, publicUrl, actionUrl);
  const data = Object.entries(JSON.parse(a.data) as Record<string, unknown>).map(([k, v]): [string, string] => [
    k,
    typeof v === 'string' ? v : JSON.stringify(v),
  ]);
  const facts = [...n.facts, ...data];
  const act = n.actionUrl ? [`Bevestigen: ${n.actionUrl}`, ''] : [];
  const text = [n.intro, '', n.line, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', ...act, `Openen: ${n.url}`, ''].join('\n');
  const rows = facts
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#525252;font-weight:normal;white-space:nowrap">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const button = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;background:${colour};color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">${label}</a>`;
  const buttons = `<p style="margin:20px 0 0">${n.actionUrl ? button(n.actionUrl, 'Bevestigen', '#b91c1c') : ''}${button(n.url, 'Alarm openen', '#1d4ed8')}</p>`;
  const html =
    `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
    `<body style="margin:0;padding:0;background:#f5f5f5"><div style="max-width:560px;margin:0 auto;padding:20px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.45;color:#171717;background:#ffffff">` +
    `<p style="margin:0 0 8px;color:#525252">${escapeHtml(n.intro)}</p><h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${escapeHtml(n.line)}</h1>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px">${rows}</table>${buttons}</div></body></html>`;
  return { text, html };
}
