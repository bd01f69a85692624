/**
 * The monthly mail's Dutch text and HTML: last month's energy per module, the month's alarms with
 * their time to resolve (only where the location shows its customers alarms), the link to the
 * printable report and the firm's contact block. One narrow column with inline styles.
 */
import { priorityLabels } from '@/domain/alarm-dashboard';
import { type MonthReport } from '@/domain/customer-view';
import { formatDuration } from '@/lib/duration';
import { escapeHtml } from '@/domain/text';
import { formatDateTime } from '@/lib/dates';
import { format } from 'date-fns';
import { nl } from 'date-fns/locale';

const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const monthName = (month: string) => format(new Date(`${month}-15T12:00:00Z`), 'LLLL yyyy', { locale: nl });
const when = (iso: string) => formatDateTime(new Date(iso));

export function monthlyMail(report: MonthReport, recipient: { fullName: string | null }, reportUrl: string) {
  const month = monthName(report.month);
  const subject = `Maandoverzicht ${month} · ${report.locationName}`;
  const energy = report.energy.length
    ? report.energy.map((m) => [m.title, m.value === null ? 'geen meetgegevens' : `${number.format(m.value)} ${m.unit}`] as const)
    : [['Energie', 'nog geen meters met meetgegevens'] as const];
  const alarms = report.alarms;
  const alarmSummary =
    alarms === null
      ? null
      : alarms.count === 0
        ? `Geen storingen in ${month}.`
        : `${alarms.count} ${alarms.count === 1 ? 'storing' : 'storingen'} in ${month}, ${alarms.resolvedCount} opgelost.`;
  const alarmLines = (alarms?.list ?? []).map(
    (a) =>
      `${when(a.since)} · ${priorityLabels[a.priority]} · ${a.line} · ${a.resolveSeconds === null ? 'nog niet opgelost' : `opgelost na ${formatDuration(a.resolveSeconds)}`}`,
  );
  const more = alarms && alarms.count > alarms.list.length ? [`En nog ${alarms.count - alarms.list.length} meer; zie het maandrapport.`] : [];
  const c = report.contact;
  const contact = [c.name, c.phone && `Telefoon: ${c.phone}`, c.email && `E-mail: ${c.email}`, c.hours && `Bereikbaar: ${c.hours}`].filter((x): x is string =>
    Boolean(x),
  );
  const greeting = recipient.fullName ? `Beste ${recipient.fullName},` : 'Beste klant,';
  const intro = `Hierbij het overzicht van ${month} voor ${report.locationName}.`;
  const text = [
    greeting,
    '',
    intro,
    '',
    'Energie',
    ...energy.map(([k, v]) => `- ${k}: ${v}`),
    ...(alarmSummary ? ['', 'Storingen', alarmSummary, ...alarmLines.map((l) => `- ${l}`), ...more] : []),
    '',
    `Het maandrapport om af te drukken: ${reportUrl}`,
    ...(contact.length ? ['', 'Vragen? Neem contact op met', ...contact] : []),
    '',
    'U krijgt deze e-mail omdat uw installateur het maandoverzicht voor deze locatie heeft aangezet.',
    '',
  ].join('\n');
  const row = (k: string, v: string) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#525252;font-weight:normal">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:nowrap">${escapeHtml(v)}</td></tr>`;
  const h2 = (t: string) => `<h2 style="margin:20px 0 8px;font-size:17px">${escapeHtml(t)}</h2>`;
  const tel = c.phone ? `<a href="tel:${escapeHtml(c.phone.replace(/[^+0-9]/g, ''))}">${escapeHtml(c.phone)}</a>` : '';
  const mailto = c.email ? `<a href="mailto:${escapeHtml(c.email)}">${escapeHtml(c.email)}</a>` : '';
  const html =
    `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
    `<body style="margin:0;padding:0;background:#f5f5f5"><div style="max-width:560px;margin:0 auto;padding:20px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.45;color:#171717;background:#ffffff">` +
    `<p style="margin:0 0 8px">${escapeHtml(greeting)}</p><p style="margin:0 0 8px">${escapeHtml(intro)}</p>` +
    h2('Energie') +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px">${energy.map(([k, v]) => row(k, v)).join('')}</table>` +
    (alarmSummary
      ? h2('Storingen') +
        `<p style="margin:0 0 8px">${escapeHtml(alarmSummary)}</p>` +
        (alarmLines.length ? `<ul style="margin:0;padding-left:20px;font-size:15px">${alarmLines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '') +
        more.map((m) => `<p style="margin:8px 0 0;font-size:15px">${escapeHtml(m)}</p>`).join('')
      : '') +
    `<p style="margin:20px 0 0"><a href="${escapeHtml(reportUrl)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">Maandrapport openen</a></p>` +
    (contact.length
      ? h2('Vragen?') +
        `<p style="margin:0">${[escapeHtml(c.name), tel && `Telefoon: ${tel}`, mailto && `E-mail: ${mailto}`, c.hours && `Bereikbaar: ${escapeHtml(c.hours)}`].filter(Boolean).join('<br>')}</p>`
      : '') +
    `<p style="margin:20px 0 0;font-size:13px;color:#525252">U krijgt deze e-mail omdat uw installateur het maandoverzicht voor deze locatie heeft aangezet.</p>` +
    `</div></body></html>`;
  return { subject, text, html };
}
