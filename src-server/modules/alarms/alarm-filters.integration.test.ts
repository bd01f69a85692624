import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { addDefaultParser, deliver, drain, rawMail } from '../alarm-parsers/parser-test-kit';

const V1 = '/api/v1/alarms';

/**
 * Five alarms of dashboard A, now = 25-11-2026 13:00 Amsterdam:
 * pomp (HIGH, Alfa Kantoor, 20-11, assigned to installer A so acknowledged), ketel (LOW, Alfa
 * Magazijn, 24-11 23:30 local, deadline passed), brand (MEDIUM, 25-11, resolved to done),
 * omvormer (25-11, in the trash) and an e-mail's alarm whose subject says "Bakkerij Jansen".
 */
async function world() {
  let now = Date.parse('2026-11-20T09:00:00Z');
  const w = await createAlarmWorld({ clock: () => new Date(now) });
  const at = (iso: string) => (now = Date.parse(iso));
  const raise = (line: string, extra: object = {}) => w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line, ...extra }).then((a) => a.id);
  const pomp = await raise('Pomp kelder', { priority: 'HIGH', locationId: w.a1 });
  await w.callers.installerA.alarm.assign({ alarmId: pomp, userId: w.ids.installerA });
  at('2026-11-24T22:30:00Z');
  const ketel = await raise('Ketel storing', { priority: 'LOW', locationId: w.a2, deadlineAt: '2026-11-25T08:00:00Z' });
  at('2026-11-25T07:00:00Z');
  const brand = await raise('Brandmelding hal');
  await w.callers.installerA.alarm.setFolder({ alarmId: brand, folderId: w.foldersA.done });
  const omvormer = await raise('Omvormer offline');
  await w.callers.installerA.alarm.delete({ alarmId: omvormer });
  await addDefaultParser(w, { name: 'Alles', config: { line: 'Storing via mail' } });
  at('2026-11-25T10:00:00Z');
  await deliver(w, rawMail('Bakkerij Jansen: koeling', 'Temperatuur te hoog'));
  await drain(w);
  const mail = (await w.h.db.selectFrom('alarm').select('id').where('line', '=', 'Storing via mail').executeTakeFirstOrThrow()).id;
  at('2026-11-25T12:00:00Z');
  // Sessions last an hour: sign in again at "now".
  for (const [role, email] of [
    ['installerA', 'inst-a@example.nl'],
    ['installerB', 'inst-b@example.nl'],
    ['customerA', 'klant-a@example.nl'],
  ] as const)
    w.tokens[role] = (await w.h.signIn(email)).accessToken;
  const search = async (query: string, token = w.tokens.installerA) => {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms?${query}`, { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { alarms: { id: number; folderId: number }[] }).alarms.map((a) => a.id);
  };
  return { ...w, search, ids2: { pomp, ketel, brand, omvormer, mail } };
}

test('the dashboard-wide list covers every folder but the trash, newest first, each with its folder; folderId names one (also the trash)', async () => {
  const w = await world();
  const { pomp, ketel, brand, omvormer, mail } = w.ids2;
  expect(await w.search('')).toEqual([mail, brand, ketel, pomp]);
  const res = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms?size=2`, { token: w.tokens.installerA })).json();
  expect(res.totalNumberOfPages).toBe(2);
  expect(res.alarms[1]).toMatchObject({ id: brand, folderId: w.foldersA.done, location: null });
  expect(await w.search(`folderId=${w.foldersA.trash}`)).toEqual([omvormer]);
  expect(await w.search(`folderId=${w.foldersA.inbox}&sort=receivedAt,asc`)).toEqual([pomp, ketel, mail]);
  // Another organization's dashboard is not there; a customer never enters the alarm area.
  expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { token: w.tokens.installerB })).status).toBe(404);
  expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { token: w.tokens.customerA })).status).toBe(403);
});

test('every filter: priority, acknowledged, resolved, locationId, assignee, from/to in local days (to exclusive), period, overdue', async () => {
  const w = await world();
  const { pomp, ketel, brand, mail } = w.ids2;
  expect(await w.search('priority=HIGH,LOW')).toEqual([ketel, pomp]);
  expect(await w.search('acknowledged=true')).toEqual([pomp]);
  expect(await w.search('acknowledged=false')).toEqual([mail, brand, ketel]);
  expect(await w.search('resolved=true')).toEqual([brand]);
  expect(await w.search('resolved=false')).toEqual([mail, ketel, pomp]);
  expect(await w.search(`locationId=${w.a2}`)).toEqual([ketel]);
  expect(await w.search(`locationId=${w.b1}`)).toEqual([]);
  expect(await w.search('assignee=me')).toEqual([pomp]);
  expect(await w.search(`assignee=${w.ids.installerA}`)).toEqual([pomp]);
  expect(await w.search('assignee=none')).toEqual([mail, brand, ketel]);
  // 22:30 UTC on the 24th is 23:30 in Amsterdam: still the 24th there.
  expect(await w.search('from=2026-11-24&to=2026-11-25')).toEqual([ketel]);
  expect(await w.search('from=2026-11-25')).toEqual([mail, brand]);
  expect(await w.search('to=2026-11-24')).toEqual([pomp]);
  expect(await w.search('period=today')).toEqual([mail, brand]);
  expect(await w.search('period=7d')).toEqual([mail, brand, ketel, pomp]);
  expect(await w.search('overdue=true')).toEqual([ketel]);
  expect(await w.search('overdue=false')).toEqual([mail, brand, pomp]);
  expect(await w.search('priority=MEDIUM&resolved=false&from=2026-11-25')).toEqual([mail]);
});

test('query matches the line, data values, the location’s name and the e-mail’s subject, case-insensitively and with % taken literally', async () => {
  const w = await world();
  const { pomp, ketel, mail } = w.ids2;
  expect(await w.search('query=KETEL')).toEqual([ketel]);
  expect(await w.search('query=alfa%20kantoor')).toEqual([pomp]);
  expect(await w.search('query=magazijn')).toEqual([ketel]);
  expect(await w.search('query=bakkerij%20jansen')).toEqual([mail]);
  expect(await w.search('query=%25')).toEqual([]);
});

test('the folder list takes the same filters; bad filters are 400s with Dutch field errors', async () => {
  const w = await world();
  const { pomp, ketel } = w.ids2;
  const folder = async (query: string) =>
    (
      (await (await w.h.request(`${V1}/folders/${w.foldersA.inbox}/alarms?${query}`, { token: w.tokens.installerA })).json()) as { alarms: { id: number }[] }
    ).alarms.map((a) => a.id);
  expect(await folder(`locationId=${w.a2}`)).toEqual([ketel]);
  expect(await folder('overdue=true')).toEqual([ketel]);
  expect(await folder('query=kantoor&priority=HIGH')).toEqual([pomp]);
  expect(await folder('to=2026-11-21')).toEqual([pomp]);
  for (const bad of ['priority=URGENT', 'from=2026-13-01', 'resolved=ja', 'overdue=1', 'locationId=abc', 'period=gisteren', 'from=2026-11-25&to=2026-11-24']) {
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms?${bad}`, { token: w.tokens.installerA });
    expect(res.status, bad).toBe(400);
    expect((await res.json()).error.message, bad).toBe('De invoer is ongeldig.');
  }
});

test('from equal to to is an empty range (an empty page, an empty CSV, a view counting 0); from after to is a 400 on `to`; everywhere the filter is', async () => {
  const w = await world();
  const get = (path: string) => w.h.request(`${V1}${path}`, { token: w.tokens.installerA });
  const empty = 'from=2026-11-25&to=2026-11-25';
  const reversed = 'from=2026-11-25&to=2026-11-24';
  expect(await w.search(empty)).toEqual([]);
  const folder = await get(`/folders/${w.foldersA.inbox}/alarms?${empty}`);
  expect(folder.status).toBe(200);
  expect(await folder.json()).toEqual({ alarms: [], totalNumberOfPages: 0 });
  const csv = await get(`/dashboards/${w.dashA.id}/alarms.csv?${empty}`);
  expect(csv.status).toBe(200);
  expect((await csv.text()).trim().split('\r\n')).toHaveLength(1);
  const view = await w.h.request(`${V1}/dashboards/${w.dashA.id}/views`, {
    method: 'POST',
    json: { name: 'Leeg', filter: { from: '2026-11-25', to: '2026-11-25' } },
    token: w.tokens.installerA,
  });
  expect(view.status).toBe(201);
  expect(await view.json()).toMatchObject({ count: 0 });

  const to = ['`to` mag niet vóór `from` liggen.'];
  for (const path of [
    `/dashboards/${w.dashA.id}/alarms?${reversed}`,
    `/folders/${w.foldersA.inbox}/alarms?${reversed}`,
    `/dashboards/${w.dashA.id}/alarms.csv?${reversed}`,
  ]) {
    const res = await get(path);
    expect(res.status, path).toBe(400);
    expect((await res.json()).error.fieldErrors, path).toEqual({ to });
  }
  const badView = await w.h.request(`${V1}/dashboards/${w.dashA.id}/views`, {
    method: 'POST',
    json: { name: 'Omgekeerd', filter: { from: '2026-11-25', to: '2026-11-24' } },
    token: w.tokens.installerA,
  });
  expect(badView.status).toBe(400);
  expect((await badView.json()).error.fieldErrors).toEqual({ 'filter.to': to });
});
