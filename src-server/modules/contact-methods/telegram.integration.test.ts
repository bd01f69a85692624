import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { type EscalationWorld, createEscalationWorld } from '../../testing/escalation-world';
import { createHarness } from '../../testing/harness';
import { startNtfy } from '../../testing/ntfy-simulator';
import { type TelegramSimulator, startTelegram } from '../../testing/telegram-simulator';
import { testDatabase } from '../../testing/test-database';
import { testTempDir } from '../../testing/temp-dir';
import { pollUpdates } from './telegram-links';
import { insertUser } from '../users/users.queries';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});
async function world(bot = true, publicUrl?: string) {
  const tg = await startTelegram();
  const w = await createEscalationWorld({
    allowPrivateTargets: true,
    telegram: bot ? { botToken: tg.botToken, apiUrl: tg.apiUrl } : undefined,
    publicUrl,
  });
  closing.push(w.close, tg.close);
  return { w, tg };
}

/** Sends `/start <code>` of `who`'s new code from `chatId` and runs the poll job once. */
async function link(w: EscalationWorld, tg: TelegramSimulator, who: 'installerA' | 'installerB' = 'installerA', chatId = 4242) {
  const { code } = await w.callers[who].contactMethod.telegramCode();
  tg.userSends(chatId, `/start ${code}`);
  await w.h.jobs.runNow('telegram-poll');
  return code;
}
const telegramMethods = async (w: EscalationWorld, who: 'installerA' | 'installerB' = 'installerA') =>
  (await w.callers[who].contactMethod.list()).filter((m) => m.type === 'TELEGRAM').map((m) => m.address);
const lastAnswer = (tg: TelegramSimulator, chatId = 4242) => tg.to(chatId).at(-1)?.text;

test('without a bot token the profile hears Telegram is not set up, and codes and chats are refused with 409', async () => {
  const { w } = await world(false);
  const token = w.tokens.installerA;
  expect(await (await w.h.request('/api/v1/users/me/telegram', { token })).json()).toEqual({ configured: false, botName: null });
  const code = await w.h.request('/api/v1/users/me/telegram/code', { method: 'POST', token });
  expect(code.status).toBe(409);
  expect(await code.json()).toMatchObject({
    error: { message: 'Telegram is op deze server niet ingesteld (TELEGRAM_BOT_TOKEN ontbreekt); vraag de beheerder.' },
  });
  const added = await w.h.request('/api/v1/users/me/contact-methods', { method: 'POST', token, json: { type: 'TELEGRAM', chatId: 4242 } });
  expect(added.status).toBe(409);
});

test('REST: the bot’s name and a one-time code with its t.me link; sending /start <code> links the chat and the bot answers in Dutch', async () => {
  const { w, tg } = await world();
  const token = w.tokens.installerA;
  expect(await (await w.h.request('/api/v1/users/me/telegram', { token })).json()).toEqual({ configured: true, botName: 'EnergiebeheerTestBot' });
  const res = await w.h.request('/api/v1/users/me/telegram/code', { method: 'POST', token });
  const { code, link: url, expiresAt } = (await res.json()) as { code: string; link: string; expiresAt: string };
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  expect(url).toBe(`https://t.me/EnergiebeheerTestBot?start=${code}`);
  expect(expiresAt).toBe('2026-11-28T01:37:00.000Z');
  tg.userSends(4242, `/start ${code}`);
  expect(await w.h.jobs.runNow('telegram-poll')).toEqual({ handled: 1 });
  expect(await telegramMethods(w)).toEqual(['@pietpiket (chat 4242)']);
  expect(lastAnswer(tg)).toBe('Gekoppeld aan Energiebeheer als inst-a. Meldingen van escalaties komen vanaf nu ook in deze chat binnen.');
  // The next poll asks from past the handled update: it is not handled again.
  expect(await w.h.jobs.runNow('telegram-poll')).toEqual({ handled: 0 });
  expect(tg.calls.filter((c) => c.method === 'getUpdates').at(-1)!.params).toMatchObject({ offset: 500_001, timeout: 0 });
  expect(await telegramMethods(w)).toHaveLength(1);
});

test('a used code, an expired code, another user’s code and a message without a code each get their own Dutch answer', async () => {
  const { w, tg } = await world();
  const code = await link(w, tg);
  tg.userSends(5555, `/start ${code}`);
  await w.h.jobs.runNow('telegram-poll');
  expect(lastAnswer(tg, 5555)).toBe('Deze code is al gebruikt. Vraag op je profiel in Energiebeheer een nieuwe code aan.');
  const late = await w.callers.installerA.contactMethod.telegramCode();
  w.advance(15 * 60);
  tg.userSends(5555, `/start ${late.code}`);
  await w.h.jobs.runNow('telegram-poll');
  expect(lastAnswer(tg, 5555)).toBe('Deze code is onbekend of verlopen. Vraag op je profiel in Energiebeheer een nieuwe code aan en stuur /start <code>.');
  tg.userSends(5555, 'hallo');
  await w.h.jobs.runNow('telegram-poll');
  expect(lastAnswer(tg, 5555)).toMatch(/^Deze bot stuurt meldingen van Energiebeheer\. Koppel deze chat via je profiel/);
  // Installer B's code links the chat to installer B, whoever sends it; installer A keeps only their own chat.
  await link(w, tg, 'installerB', 5555);
  expect(lastAnswer(tg, 5555)).toBe('Gekoppeld aan Energiebeheer als inst-b. Meldingen van escalaties komen vanaf nu ook in deze chat binnen.');
  expect(await telegramMethods(w, 'installerB')).toEqual(['@pietpiket (chat 5555)']);
  expect(await telegramMethods(w)).toEqual(['@pietpiket (chat 4242)']);
});

test('two instances polling one database handle an update once: one link, one answer', async () => {
  const tg = await startTelegram();
  closing.push(tg.close);
  const file = await testDatabase(path.join(testTempDir('energie-telegram-'), 'app.db'));
  const telegram = { botToken: tg.botToken, apiUrl: tg.apiUrl };
  const one = await createHarness({ databaseFile: file, telegram });
  const two = await createHarness({ databaseFile: file, telegram });
  closing.push(one.close, two.close);
  await one.user('admin', 'piket@example.nl');
  const caller = await one.caller((await one.signIn('piket@example.nl')).accessToken);
  const { code } = await caller.contactMethod.telegramCode();
  tg.userSends(4242, `/start ${code}`);
  const never = new AbortController().signal;
  // Past the job runner's lock too: the stored offset alone lets one of them have it.
  const handled = await Promise.all([pollUpdates(one.contact, never, 0), pollUpdates(two.contact, never, 0), pollUpdates(one.contact, never, 0)]);
  expect(handled.reduce((a, b) => a + b)).toBe(1);
  expect((await caller.contactMethod.list()).filter((m) => m.type === 'TELEGRAM')).toHaveLength(1);
  expect(tg.to(4242)).toHaveLength(1);
  // And through the runners: whichever runs, nothing is handled twice.
  await Promise.allSettled([one.jobs.runNow('telegram-poll'), two.jobs.runNow('telegram-poll')]);
  expect(tg.to(4242)).toHaveLength(1);
});

test('an escalation reaches a person on e-mail, ntfy and Telegram at once: a notification row and a history entry each', async () => {
  const { w, tg } = await world();
  const ntfy = await startNtfy();
  closing.push(ntfy.close);
  await w.callers.installerA.contactMethod.create({ type: 'NTFY', url: ntfy.url('piket-a') });
  await link(w, tg);
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise('Koelcel 4 te warm <8 °C> & stijgend');
  await w.settle();
  expect(w.smtp.mails.map((m) => m.to)).toEqual([['inst-a@example.nl']]);
  expect(ntfy.messages).toHaveLength(1);
  const message = tg.to(4242).at(-1)!;
  expect(message.parse_mode).toBe('HTML');
  expect(message.text.split('\n').slice(0, 4)).toEqual([
    '<b>[HOOG] Koelcel 4 te warm &#60;8 °C&#62; &#38; stijgend</b>',
    'Er is een nieuw alarm binnengekomen.',
    '',
    'Prioriteit: HOOG',
  ]);
  expect(message.text).toContain('Ontvangen: 28-11-2026 02:22');
  const [buttons] = message.reply_markup!.inline_keyboard;
  expect(buttons!.map((b) => b.text)).toEqual(['Bevestigen', 'Openen']);
  expect(buttons![0]!.url).toMatch(/^http:\/\/energiebeheer\.test\/app\/act\/[A-Za-z0-9_-]{43}$/);
  expect(buttons![1]!.url).toBe(`http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${alarm.id}`);
  const rows = (await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications;
  expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
    ['EMAIL', 'SENT'],
    ['NTFY', 'SENT'],
    ['TELEGRAM', 'SENT'],
  ]);
  const notified = (await w.history(alarm.id)).filter((h) => h.event === 'notified').map((h) => (h.details as { channel: string }).channel);
  expect(notified.sort()).toEqual(['EMAIL', 'NTFY', 'TELEGRAM']);
});

test('a chat that blocked the bot (403) is removed from the person’s methods; a 429 waits for retry_after', async () => {
  const { w, tg } = await world();
  await link(w, tg);
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  tg.tooManyRequests(40);
  await w.raise();
  await w.settle();
  const telegramRow = async () =>
    (await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications.find((n) => n.channel === 'TELEGRAM')!;
  expect(await telegramRow()).toMatchObject({ status: 'PENDING', lastError: 'Telegram: Too Many Requests: retry after 40' });
  w.advance(39);
  await w.settle();
  expect((await telegramRow()).attempts).toBe(1);
  w.advance(1);
  await w.settle();
  expect(await telegramRow()).toMatchObject({ status: 'SENT', attempts: 2 });

  tg.block(4242);
  const second = await w.raise('Koelcel 5 te warm');
  await w.settle();
  const failed = (await w.history(second.id)).find((h) => h.event === 'notification-failed')!;
  expect(failed.details).toMatchObject({
    channel: 'TELEGRAM',
    retry: false,
    error: 'Telegram: deze chat is niet meer bereikbaar (Forbidden: bot was blocked by the user). De contactmethode is verwijderd.',
  });
  expect(await telegramMethods(w)).toEqual([]);
});

test('with PUBLIC_URL on localhost, which Telegram refuses on buttons, the message still arrives with the links in its text', async () => {
  const { w, tg } = await world(true, 'http://localhost:3000');
  await link(w, tg);
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  await w.raise();
  await w.settle();
  const message = tg.to(4242).at(-1)!;
  expect(message.reply_markup).toBeUndefined();
  expect(message.text).toMatch(/\nBevestigen: http:\/\/localhost:3000\/app\/act\/[A-Za-z0-9_-]{43}\nOpenen: http:\/\/localhost:3000\/app\/alarms\//);
  expect((await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications.find((n) => n.channel === 'TELEGRAM')).toMatchObject({
    status: 'SENT',
  });
});

test('a step to 45 people on Telegram keeps to the Bot API’s 30 messages a second: 30 leave at once, the rest after the second, none refused', async () => {
  const { w, tg } = await world();
  const people = Array.from({ length: 45 }, (_, i) => 9000 + i);
  for (const chatId of people) {
    tg.userSends(chatId, 'hallo');
    const userId = await insertUser(w.h.db, {
      type: 'installer',
      email: `piket${chatId}@example.nl`,
      fullName: `Piket ${chatId}`,
      passwordHash: 'x',
      organizationId: w.orgA,
      createdAt: 0,
    });
    await w.h.db
      .insertInto('contactMethod')
      .values({ userId, type: 'TELEGRAM', target: JSON.stringify({ chatId: String(chatId), name: null }), createdAt: 0 })
      .execute();
  }
  tg.limitRate(30);
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'ASSIGNABLE' }] }]);
  const alarm = await w.raise();
  await w.settle();
  const times = tg.sent.flatMap((m, i) => (people.includes(Number(m.chat_id)) ? [tg.arrivals[i]!] : []));
  expect(times).toHaveLength(45);
  expect(tg.overLimit).toBe(0);
  expect((await w.history(alarm.id)).filter((h) => h.event === 'notification-failed')).toEqual([]);
  expect(times[30]! - times[0]!).toBeGreaterThanOrEqual(1000);
});
