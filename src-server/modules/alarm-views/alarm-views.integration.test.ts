import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';

test('saved views belong to one user and dashboard; the list answers each with its count now; PATCH and DELETE only the owner’s', async () => {
  const w = await createAlarmWorld({ clock: () => new Date('2026-11-25T12:00:00Z') });
  const raise = (line: string, extra: object = {}) => w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line, ...extra });
  const high = await raise('Brand', { priority: 'HIGH', locationId: w.a1 });
  await raise('Pomp', { priority: 'HIGH' });
  await raise('Lamp', { priority: 'LOW', locationId: w.a1 });
  await w.callers.installerA.alarm.assign({ alarmId: high.id, userId: w.ids.installerA });
  const api = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
    w.h.request(`${V1}${path}`, { method: init.method ?? 'GET', json: init.json, token: init.token ?? w.tokens.installerA });

  const created = await api(`/dashboards/${w.dashA.id}/views`, {
    method: 'POST',
    json: { name: 'Mijn open HOOG vandaag', filter: { assignee: 'me', priority: 'HIGH', resolved: 'false', period: 'today' } },
  });
  expect(created.status).toBe(201);
  const view = await created.json();
  expect(view).toEqual({
    id: expect.any(Number),
    name: 'Mijn open HOOG vandaag',
    filter: { assignee: 'me', priority: 'HIGH', resolved: 'false', period: 'today' },
    count: 1,
  });
  await api(`/dashboards/${w.dashA.id}/views`, { method: 'POST', json: { name: 'Alfa Kantoor', filter: { locationId: String(w.a1) } } });
  expect((await (await api(`/dashboards/${w.dashA.id}/views`)).json()).map((v: { name: string; count: number }) => [v.name, v.count])).toEqual([
    ['Alfa Kantoor', 2],
    ['Mijn open HOOG vandaag', 1],
  ]);
  // The count follows the alarms.
  await raise('Nog een brand', { priority: 'HIGH' }).then((a) => w.callers.installerA.alarm.assign({ alarmId: a.id, userId: w.ids.installerA }));
  expect((await (await api(`/dashboards/${w.dashA.id}/views`)).json()).find((v: { id: number }) => v.id === view.id).count).toBe(2);

  // Another user sees none of them and cannot touch them.
  expect(await (await api(`/dashboards/${w.dashA.id}/views`, { token: w.tokens.admin })).json()).toEqual([]);
  expect((await api(`/views/${view.id}`, { method: 'PATCH', json: { name: 'Van mij' }, token: w.tokens.admin })).status).toBe(404);
  expect((await api(`/views/${view.id}`, { method: 'DELETE', token: w.tokens.installerB })).status).toBe(404);
  expect((await api(`/dashboards/${w.dashA.id}/views`, { token: w.tokens.customerA })).status).toBe(403);

  const renamed = await api(`/views/${view.id}`, { method: 'PATCH', json: { name: 'HOOG', filter: { priority: 'HIGH' } } });
  expect(await renamed.json()).toMatchObject({ name: 'HOOG', filter: { priority: 'HIGH' }, count: 3 });
  expect((await api(`/views/${view.id}`, { method: 'DELETE' })).status).toBe(204);
  expect((await (await api(`/dashboards/${w.dashA.id}/views`)).json()).map((v: { name: string }) => v.name)).toEqual(['Alfa Kantoor']);
});

test('a view’s filter is checked like the query string: unknown keys, values that are not text and bad values are 400s', async () => {
  const w = await createAlarmWorld();
  const post = (json: unknown) => w.h.request(`${V1}/dashboards/${w.dashA.id}/views`, { method: 'POST', json, token: w.tokens.installerA });
  for (const bad of [
    { name: '', filter: {} },
    { name: 'x', filter: { kleur: 'rood' } },
    { name: 'x', filter: { priority: ['HIGH'] } },
    { name: 'x', filter: { priority: 'URGENT' } },
    { name: 'x', filter: { from: '2026-02-30' } },
    { name: 'x', filter: 'priority=HIGH' },
  ]) {
    const res = await post(bad);
    expect(res.status, JSON.stringify(bad)).toBe(400);
    expect(Object.keys((await res.json()).error.fieldErrors ?? {}).length, JSON.stringify(bad)).toBeGreaterThan(0);
  }
  expect(await w.h.db.selectFrom('alarmView').select('id').execute()).toEqual([]);
});

test('a PATCH with nothing to change ({} or only unknown keys) answers 200 with the view unchanged, not a 500', async () => {
  const w = await createAlarmWorld();
  const api = (path: string, method = 'GET', json?: unknown) => w.h.request(`${V1}${path}`, { method, json, token: w.tokens.installerA });
  const view = await (await api(`/dashboards/${w.dashA.id}/views`, 'POST', { name: 'Hoog', filter: { priority: 'HIGH' } })).json();
  for (const body of [{}, { kleur: 'rood' }]) {
    const res = await api(`/views/${view.id}`, 'PATCH', body);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(await res.json()).toEqual(view);
  }
  expect(await (await api(`/dashboards/${w.dashA.id}/views`)).json()).toEqual([view]);
});

test('a view’s filter keeps `page` and `size` as copied from a list’s query string; its count ignores them', async () => {
  const w = await createAlarmWorld();
  for (const line of ['Brand', 'Pomp', 'Lamp']) await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line, priority: 'HIGH' });
  const post = (filter: Record<string, string>) =>
    w.h.request(`${V1}/dashboards/${w.dashA.id}/views`, { method: 'POST', json: { name: 'Hoog', filter }, token: w.tokens.installerA });
  const created = await post({ priority: 'HIGH', page: '1', size: '1' });
  expect(created.status).toBe(201);
  expect(await created.json()).toMatchObject({ filter: { priority: 'HIGH', page: '1', size: '1' }, count: 3 });
  const listed = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/views`, { token: w.tokens.installerA })).json();
  expect(listed).toMatchObject([{ filter: { priority: 'HIGH', page: '1', size: '1' }, count: 3 }]);
  // They are checked like the query string's.
  for (const bad of [{ size: '0' }, { size: '101' }, { page: 'eerste' }] as Record<string, string>[]) {
    const res = await post(bad);
    expect(res.status, JSON.stringify(bad)).toBe(400);
    expect(Object.keys((await res.json()).error.fieldErrors), JSON.stringify(bad)).toEqual([`filter.${Object.keys(bad)[0]}`]);
  }
});
