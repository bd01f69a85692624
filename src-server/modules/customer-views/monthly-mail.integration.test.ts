import { afterEach, expect, test } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { createAlarmWorld } from '../../testing/alarm-world';
import { startSmtp } from '../../testing/smtp';
import { upsertMeasurements } from '../measurement-store/measurement-store.store';
import { MONTHLY_MAIL_JOB, sendMonthlyMails } from './customer-views.jobs';

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

/**
 * Bakery A1 opted in with SUMMARY, its customer and a second one; A2 did not opt in. November 2026
 * holds 4 kWh an hour of electricity on A1 for the whole month and one alarm, resolved after 2 h 14 min.
 */
async function world() {
  smtp = await startSmtp();
  const now = { value: new Date(localToUtc('2026-11-30T01:00') * 1000) };
  const w = await createAlarmWorld({ clock: () => now.value, notify: { smtpUrl: smtp.url, smtpFrom: 'Alfa Installaties <service@alfa.nl>' } });
  const at = (local: string) => (now.value = new Date(localToUtc(local) * 1000));
  await w.h.user('customer', 'tweede-klant@example.nl', { locationIds: [w.a1] });
  await w.h.user('customer', 'magazijn@example.nl', { locationIds: [w.a2] });
  await w.callers.admin.organization.update({ organizationId: w.orgA, contact: { phone: '020 123 4567', email: 'service@alfa.nl', hours: 'Ma–vr 8–17 uur' } });
  await w.callers.installerA.location.update({ locationId: w.a1, name: 'Bakkerij Jansen', customerView: 'SUMMARY', monthlyMail: true });
  await w.h.feed({ uuid: 'feed-a', organizationId: w.orgA });
  const channel = await w.h.channel('feed-a', '1.8.0');
  await w.callers.admin.meter.create({ type: 'electricity', name: 'Hoofdmeter', locationId: w.a1, netImportChannel: { type: 'meterbeheer', id: channel } });
  const rows: { ts: number; value: number }[] = [];
  for (let ts = localToUtc('2026-11-01'); ts < localToUtc('2026-12-01'); ts += 900) rows.push({ ts, value: 1 });
  await w.h.db.transaction().execute((trx) => upsertMeasurements(trx, channel, rows));
  const alarm = await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Koeling vriezer uitgevallen', priority: 'HIGH', locationId: w.a1 });
  at('2026-11-30T03:14');
  await w.callers.installerA.alarm.setFolder({ alarmId: alarm.id, folderId: w.foldersA.done });
  return { ...w, at, smtp };
}

test('the monthly mail goes out on the first working day from 08:00 Amsterdam time to the customers of each opted-in location, over SMTP', async () => {
  const w = await world();
  w.at('2026-12-01T07:59');
  expect(await w.h.jobs.runNow(MONTHLY_MAIL_JOB)).toMatchObject({ skipped: expect.any(String) });
  expect(w.smtp.mails).toHaveLength(0);
  w.at('2026-12-01T08:00');
  expect(await w.h.jobs.runNow(MONTHLY_MAIL_JOB)).toMatchObject({ month: '2026-11', sent: 2, failures: [] });
  expect(w.smtp.mails.map((m) => m.to).sort()).toEqual([['klant-a@example.nl'], ['tweede-klant@example.nl']]);
  const { mail } = w.smtp.mails.find((m) => m.to[0] === 'klant-a@example.nl')!;
  expect(mail.subject).toBe('Maandoverzicht november 2026 · Bakkerij Jansen');
  expect(mail.from?.text).toContain('service@alfa.nl');
  expect(mail.text).toContain('Beste klant-a,');
  expect(mail.text).toContain('- Elektriciteitsverbruik: 2.880 kWh');
  expect(mail.text).toContain('1 storing in november 2026, 1 opgelost.');
  expect(mail.text).toContain('- 30-11-2026 01:00 · Hoog · Koeling vriezer uitgevallen · opgelost na 2 u 14 min');
  expect(mail.text).toContain(`Het maandrapport om af te drukken: http://energiebeheer.test/app/dashboard/${w.a1}-bakkerij-jansen/maandrapport?month=2026-11`);
  expect(mail.text).toContain('Telefoon: 020 123 4567');
  expect(mail.html).toContain('href="tel:0201234567"');
  expect(mail.html).toContain('href="mailto:service@alfa.nl"');
});

test('the monthly mail is sent once per location and month: a second run that day and another instance send nothing more', async () => {
  const w = await world();
  w.at('2026-12-01T08:00');
  await w.h.jobs.runNow(MONTHLY_MAIL_JOB);
  w.at('2026-12-01T15:00');
  expect(await w.h.jobs.runNow(MONTHLY_MAIL_JOB)).toMatchObject({ sent: 0 });
  const other = { db: w.h.db, clock: w.h.clock, publicUrl: 'http://energiebeheer.test', instanceId: 'andere-host:1:x', mailer: w.h.notify.mailer };
  expect(await sendMonthlyMails(other)).toMatchObject({ sent: 0 });
  expect(w.smtp.mails).toHaveLength(2);
});

test('a customer whose mailbox refused the mail gets it on the next run that day; the one already reached does not get it twice', async () => {
  const w = await world();
  w.smtp.refused.add('tweede-klant@example.nl');
  w.at('2026-12-01T08:00');
  const first = (await w.h.jobs.runNow(MONTHLY_MAIL_JOB)) as { sent: number; failures: string[] };
  expect(first.sent).toBe(1);
  expect(first.failures[0]).toContain('Bakkerij Jansen');
  w.smtp.refused.clear();
  w.at('2026-12-01T08:10');
  expect(await w.h.jobs.runNow(MONTHLY_MAIL_JOB)).toMatchObject({ sent: 1, failures: [] });
  expect(w.smtp.mails.map((m) => m.to[0]).sort()).toEqual(['klant-a@example.nl', 'tweede-klant@example.nl']);
});

test('a location showing its customers no alarms (NONE) gets the energy without the alarms; the first working day skips a weekend', async () => {
  const w = await world();
  await w.callers.installerA.location.update({ locationId: w.a1, customerView: 'NONE' });
  // 1 November 2026 is a Sunday: its first working day is Monday the 2nd.
  w.at('2026-11-01T09:00');
  expect(await w.h.jobs.runNow(MONTHLY_MAIL_JOB)).toMatchObject({ skipped: expect.any(String) });
  w.at('2026-12-01T08:30');
  await w.h.jobs.runNow(MONTHLY_MAIL_JOB);
  const { mail } = w.smtp.mails[0]!;
  expect(mail.text).toContain('Elektriciteitsverbruik');
  expect(mail.text).not.toContain('Koeling');
  expect(mail.text).not.toContain('Storingen');
});
