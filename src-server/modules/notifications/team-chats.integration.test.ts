import { afterEach, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { startSlack, startTeams } from '../../testing/team-chat-receivers';
import { PRIVATE_TARGET } from './safe-target';

const V1 = '/api/v1/alarms';
const T = Date.parse('2026-11-28T13:05:00Z');
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** Slack's path and Teams' `sig` are the secrets: neither may show up anywhere a person reads. */
const SLACK_PATH = '/services/T0AAA1111/B0BBB2222/abcdefGHIJKLmnopQRSTuvwx';
const TEAMS_PATH =
  '/workflows/4f1c2b7e/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=Zk9vX2JhcmJhejEyMzQ1Njc4OTA';

async function world(options: { allowPrivateTargets?: boolean; teams?: Parameters<typeof startTeams>[0] } = {}) {
  let now = T;
  const teams = await startTeams(options.teams);
  const slack = await startSlack();
  const w = await createAlarmWorld({ clock: () => new Date(now), notify: { allowPrivateTargets: options.allowPrivateTargets ?? true } });
  closing.push(teams.close, slack.close, () => w.h.close());
  const token = w.tokens.admin;
  const rule = async (channel: { type: 'TEAMS' | 'SLACK'; url: string }) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, {
      method: 'POST',
      token,
      json: { name: `Kanaal ${channel.type}`, priorities: ['HIGH'], events: ['created'], channel },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; channel: { url: string } };
  };
  const raise = (line = 'Omvormer 3 uitgevallen') => w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line, priority: 'HIGH' });
  const settle = async () => {
    await w.h.jobs.runNow('notify');
    await w.h.jobs.runNow('notify');
  };
  return { w, teams, slack, token, rule, raise, settle, advance: (s: number) => (now += s * 1000) };
}

test('a Teams rule posts an Adaptive Card with the notice’s facts and "Alarm openen", and no action link; its URL is masked in answers, lists and history', async () => {
  const { w, teams, token, rule, raise, settle } = await world();
  const made = await rule({ type: 'TEAMS', url: teams.url(TEAMS_PATH) });
  const masked = `${teams.url('')}/workflows/***`;
  expect(made.channel).toEqual({ type: 'TEAMS', url: masked });
  const listed = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/notification-rules`, { token })).text();
  expect(listed).not.toContain('sig=');
  const alarm = await raise();
  await settle();
  expect(teams.received).toHaveLength(1);
  const { body, path } = teams.received[0]!;
  expect(path).toBe(TEAMS_PATH);
  const card = (body.attachments as { content: { version: string; body: { type: string; text?: string; facts?: unknown[] }[]; actions: unknown[] } }[])[0]!
    .content;
  expect(card.version).toBe('1.4');
  expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: '[HOOG] Omvormer 3 uitgevallen', weight: 'Bolder' });
  expect(card.body[2]!.facts).toEqual([
    { title: 'Prioriteit', value: 'HOOG' },
    { title: 'Ontvangen', value: '28-11-2026 14:05' },
    { title: 'Dashboard', value: 'Storingen Alfa' },
    { title: 'Map', value: 'Inbox' },
  ]);
  expect(card.actions).toEqual([
    { type: 'Action.OpenUrl', title: 'Alarm openen', url: `http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${alarm.id}` },
  ]);
  expect(JSON.stringify(body)).not.toContain('/app/act/');
  const history = await w.callers.admin.alarm.history({ alarmId: alarm.id });
  expect(history.find((h) => h.event === 'notified')!.details).toMatchObject({ channel: 'TEAMS', target: masked });
  expect(JSON.stringify(history)).not.toContain('sig=');
  const tested = await w.h.request(`${V1}/notification-rules/${made.id}/test`, { method: 'POST', token });
  expect(await tested.json()).toEqual({ ok: true, message: `Testmelding verstuurd naar ${masked}.` });
});

test('a Slack rule posts Block Kit (header, fields, a url button) with the title as text; the URL is sealed at rest and masked everywhere', async () => {
  const { w, slack, token, rule, raise, settle } = await world();
  const made = await rule({ type: 'SLACK', url: slack.url(SLACK_PATH) });
  const masked = `${slack.url('')}/services/***`;
  expect(made.channel.url).toBe(masked);
  const stored = await w.h.db.selectFrom('notificationRule').select(['target', 'secret']).where('id', '=', made.id).executeTakeFirstOrThrow();
  expect(JSON.stringify(stored)).not.toContain('abcdefGHIJKL');
  const alarm = await raise('Koelcel <4> & 5 te warm');
  await settle();
  expect(slack.received).toHaveLength(1);
  const { body } = slack.received[0]!;
  expect(body.text).toBe('[HOOG] Koelcel <4> & 5 te warm');
  const [header, section, actions] = body.blocks as { type: string; text?: { text: string }; fields?: { text: string }[]; elements?: { url: string }[] }[];
  expect(header).toMatchObject({ type: 'header', text: { type: 'plain_text', text: '[HOOG] Koelcel <4> & 5 te warm' } });
  expect(section!.fields!.map((f) => f.text)).toEqual(['*Prioriteit*\nHOOG', '*Ontvangen*\n28-11-2026 14:05', '*Dashboard*\nStoringen Alfa', '*Map*\nInbox']);
  expect(actions!.elements![0]!.url).toBe(`http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${alarm.id}`);
  const rows = (await w.callers.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications;
  expect(rows).toMatchObject([{ channel: 'SLACK', status: 'SENT' }]);
  expect(JSON.stringify(await w.callers.admin.alarm.history({ alarmId: alarm.id }))).not.toContain('abcdefGHIJKL');
  // Sent back masked (as answered), the stored URL stays; a new URL replaces it.
  const patch = (channel: object) => w.h.request(`${V1}/notification-rules/${made.id}`, { method: 'PATCH', token, json: { channel } });
  expect((await patch({ type: 'SLACK', url: masked })).status).toBe(200);
  await raise('Tweede alarm');
  await settle();
  expect(slack.received.map((r) => r.path)).toEqual([SLACK_PATH, SLACK_PATH]);
  const refused = await patch({ type: 'TEAMS', url: masked });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({
    error: { fieldErrors: { 'channel.url': ['Deze URL is verborgen (***); plak de volledige webhook-URL opnieuw.'] } },
  });
});

test('a Teams workflow answering 503 is tried again like a webhook; a private address is refused unless allowed, and never contacted', async () => {
  const { w, teams, rule, raise, settle, advance } = await world({ teams: (n) => (n === 1 ? 503 : null) });
  await rule({ type: 'TEAMS', url: teams.url(TEAMS_PATH) });
  await raise();
  await settle();
  const row = async () => (await w.callers.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications[0]!;
  expect(await row()).toMatchObject({ status: 'PENDING', lastError: 'HTTP 503' });
  advance(20);
  await settle();
  expect(await row()).toMatchObject({ status: 'SENT', attempts: 2 });

  const closed = await world({ allowPrivateTargets: false });
  const made = await closed.rule({ type: 'SLACK', url: closed.slack.url(SLACK_PATH) });
  const tested = await closed.w.h.request(`${V1}/notification-rules/${made.id}/test`, { method: 'POST', token: closed.token });
  expect(await tested.json()).toEqual({ ok: false, message: `Testmelding mislukt: ${PRIVATE_TARGET}` });
  expect(closed.slack.requests()).toBe(0);
});
