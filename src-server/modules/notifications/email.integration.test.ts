import { afterEach, expect, test } from 'vitest';
import { NO_SMTP } from '@/domain/notification';
import { createAlarmWorld } from '../../testing/alarm-world';
import { startSmtp as startLoopbackSmtp } from '../../testing/smtp';

const T = Date.parse('2026-11-25T09:00:00Z');
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function startSmtp() {
  const smtp = await startLoopbackSmtp();
  closing.push(smtp.close);
  return smtp;
}

async function world(smtpUrl?: string, firmName?: string) {
  let now = T;
  const w = await createAlarmWorld({ clock: () => new Date(now), notify: { smtpUrl, smtpFrom: 'Energiebeheer <alarm@energiebeheer.test>', firmName } });
  closing.push(() => w.h.close());
  const admin = w.callers.admin;
  const rule = (to: 'ASSIGNABLE' | string[], events = ['created', 'resolved', 'unacknowledged']) =>
    admin.notification.createRule({
      dashboardId: w.dashA.id,
      name: 'Wachtdienst',
      priorities: ['HIGH', 'MEDIUM'],
      events,
      unacknowledgedMinutes: events.includes('unacknowledged') ? 5 : undefined,
      channel: { type: 'EMAIL', to },
    } as never);
  const settle = async () => {
    await w.h.jobs.runNow('notify');
    await w.h.jobs.runNow('notify');
  };
  return { ...w, admin, rule, settle, advance: (minutes: number) => (now += minutes * 60_000) };
}

test('notification mails arrive with Dutch subjects, the data and the link, and later mails of an alarm thread on its first', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url);
  await w.rule(['wacht@example.nl']);
  const alarm = await w.admin.alarm.create({
    dashboardId: w.dashA.id,
    line: 'Koelcel 4 te warm',
    priority: 'HIGH',
    key: 'koel-4',
    data: { temperatuur: '9 °C' },
  } as never);
  await w.settle();
  w.advance(6);
  await w.settle();
  await w.admin.alarm.resolveByKey({ dashboardId: w.dashA.id, key: 'koel-4' });
  await w.settle();
  const [first, second, third] = smtp.mails;
  expect(smtp.mails.map((m) => m.mail.subject)).toEqual(['[HOOG] Koelcel 4 te warm', '[NIET BEVESTIGD] Koelcel 4 te warm', '[OPGELOST] Koelcel 4 te warm']);
  expect(first!.to).toEqual(['wacht@example.nl']);
  expect(first!.mail.from?.value).toEqual([{ name: 'Energiebeheer', address: 'alarm@energiebeheer.test' }]);
  const link = `http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${alarm.id}`;
  expect(first!.mail.text).toContain('temperatuur: 9 °C');
  expect(first!.mail.text).toContain(link);
  expect(first!.mail.html).toContain(`href="${link}"`);
  expect(first!.mail.inReplyTo).toBeUndefined();
  const root = first!.mail.messageId;
  for (const later of [second!, third!]) {
    expect(later.mail.inReplyTo).toBe(root);
    expect(later.mail.references).toBe(root);
  }
  expect((await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications.map((n) => n.status)).toEqual([
    'SENT',
    'SENT',
    'SENT',
  ]);
});

test('a mail reads at night: Dutch priority, local time, the location with its address, ×N, and a Bevestigen button', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url);
  await w.rule('ASSIGNABLE', ['created', 'unacknowledged']);
  const locationId = await w.h.location(w.orgA, 'Bakkerij De Korf');
  // 01:22 UTC on 28 November is 02:22 in Amsterdam.
  w.advance((Date.parse('2026-11-28T01:22:00Z') - T) / 60_000);
  const alarm = await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Omvormer 2 offline', priority: 'HIGH', key: 'omv-2', locationId } as never);
  // The alarm's change starts a delivery at once: the first mail is out before anything else happens.
  await w.settle();
  const mail = smtp.mails[0]!.mail;
  expect(mail.subject).toBe('[HOOG] Omvormer 2 offline');
  expect(mail.text).toContain('Prioriteit: HOOG');
  expect(mail.text).toContain('Ontvangen: 28-11-2026 02:22');
  expect(mail.text).toContain('Locatie: Bakkerij De Korf, Stationsplein 1, 3511 ED Utrecht');
  expect(mail.text).not.toContain('Aantal');
  expect(mail.text).not.toMatch(/HIGH|T01:22|Z\b/);
  expect(mail.html).toMatch(/<a href="http:\/\/energiebeheer\.test\/app\/act\/[^"]+"[^>]*>Bevestigen<\/a>/);
  expect(mail.html).toContain('name="viewport"');
  // It happened twice more while nobody acknowledged: the reminder says how often.
  await w.h.db.updateTable('alarm').set({ occurrences: 3 }).where('id', '=', alarm.id).execute();
  w.advance(6);
  await w.settle();
  const reminders = smtp.mails.filter((m) => m.mail.subject === '[NIET BEVESTIGD] Omvormer 2 offline');
  expect(reminders.length).toBeGreaterThan(0);
  for (const reminder of reminders) expect(reminder.mail.text).toContain('Aantal: ×3');
});

test('with FIRM_NAME set, an alarm mail comes from the firm’s name at the SMTP_FROM address', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url, 'Koeltechniek Jansen');
  await w.rule(['wacht@example.nl'], ['created']);
  await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Koelcel 4 te warm', priority: 'HIGH' } as never);
  await w.settle();
  expect(smtp.mails).toHaveLength(1);
  expect(smtp.mails[0]!.mail.from?.value).toEqual([{ name: 'Koeltechniek Jansen', address: 'alarm@energiebeheer.test' }]);
  expect(smtp.mails[0]!.mail.subject).toBe('[HOOG] Koelcel 4 te warm');
});

test('a subject fits a lock screen: at most 120 characters, cut with an ellipsis', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url);
  await w.rule(['wacht@example.nl'], ['created']);
  await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Storing '.repeat(40).trim(), priority: 'MEDIUM' } as never);
  await w.settle();
  const subject = smtp.mails[0]!.mail.subject!;
  expect(subject.length).toBe(120);
  expect(subject.startsWith('[MIDDEL] Storing Storing')).toBe(true);
  expect(subject.endsWith('…')).toBe(true);
});

test('ASSIGNABLE mails each of the dashboard’s assignable users (admins and the organization’s installers) with their own action link', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url);
  await w.rule('ASSIGNABLE', ['created']);
  await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Brandmelding', priority: 'MEDIUM' } as never);
  await w.settle();
  expect(smtp.mails.map((m) => m.mail.subject)).toEqual(['[MIDDEL] Brandmelding', '[MIDDEL] Brandmelding']);
  expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual(
    (await w.admin.alarmDashboard.users({ dashboardId: w.dashA.id, page: 0, size: 20 })).users.map((u) => u.email).sort(),
  );
  const links = smtp.mails.map((m) => /Bevestigen: (http:\/\/energiebeheer\.test\/app\/act\/[\w-]+)/.exec(m.mail.text ?? '')?.[1]);
  expect(links.every(Boolean)).toBe(true);
  expect(new Set(links).size).toBe(2);
});

test('a mail to each user retried after one address failed reaches only that user, and the history says who has it and who not', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url);
  await w.rule('ASSIGNABLE', ['created']);
  const users = (await w.admin.alarmDashboard.users({ dashboardId: w.dashA.id, page: 0, size: 20 })).users.map((u) => u.email);
  expect(users.length).toBe(2);
  const [fine, full] = users as [string, string];
  smtp.refused.add(full);
  const alarm = await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Brandmelding', priority: 'HIGH' } as never);
  await w.settle();
  expect(smtp.mails.flatMap((m) => m.to)).toEqual([fine]);
  const failed = (await w.admin.alarm.history({ alarmId: alarm.id })).find((h) => h.event === 'notification-failed');
  expect(failed?.details).toMatchObject({ target: full, reached: [fine], notReached: [full], retry: true });

  smtp.refused.clear();
  w.advance(1);
  await w.settle();
  // The retry mails only the one it had not reached; the other has no second copy.
  expect(smtp.mails.flatMap((m) => m.to)).toEqual([fine, full]);
  const sent = (await w.admin.alarm.history({ alarmId: alarm.id })).filter((h) => h.event === 'notified');
  expect(sent.map((h) => h.details)).toMatchObject([{ target: full, reached: [fine, full] }]);
  expect((await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications).toMatchObject([{ status: 'SENT' }]);
});

test('a mail to fixed addresses carries no action link: it is for no one person', async () => {
  const smtp = await startSmtp();
  const w = await world(smtp.url);
  await w.rule(['wacht@example.nl'], ['created']);
  await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Brandmelding', priority: 'HIGH' } as never);
  await w.settle();
  expect(smtp.mails[0]!.mail.text).not.toContain('/app/act/');
});

test('without SMTP settings a mail notification fails at once with a Dutch reason, and the channels say e-mail is off', async () => {
  const w = await world();
  await w.rule(['wacht@example.nl'], ['created']);
  await w.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Brandmelding', priority: 'HIGH' } as never);
  await w.settle();
  expect((await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications).toMatchObject([
    { status: 'FAILED', lastError: NO_SMTP },
  ]);
  expect(await w.admin.notification.channels()).toEqual({ email: false, webhook: true });
});
