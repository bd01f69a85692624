import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';

test('folder counts follow each folder’s count mode; NONE is null', async () => {
  const w = await createAlarmWorld();
  const c = w.callers.installerA;
  const ids = [];
  for (const line of ['a', 'b', 'c']) ids.push((await c.alarm.create({ dashboardId: w.dashA.id, line })).id);
  await c.alarm.setSeen({ alarmId: ids[0]!, seen: true });
  await c.alarm.assign({ alarmId: ids[1]!, userId: w.ids.installerA });
  await c.alarm.setFolder({ alarmId: ids[2]!, folderId: w.foldersA.done });
  const counts = async () => Object.fromEntries((await c.alarmFolder.counts({ dashboardId: w.dashA.id })).map((f) => [f.folderId, f.count]));
  expect(await counts()).toEqual({ [w.foldersA.inbox!]: 1, [w.foldersA.done!]: null, [w.foldersA.trash!]: null });
  await c.alarmFolder.update({ folderId: w.foldersA.inbox!, countMode: 'UNASSIGNED' });
  await c.alarmFolder.update({ folderId: w.foldersA.done!, countMode: 'TOTAL' });
  expect(await counts()).toEqual({ [w.foldersA.inbox!]: 1, [w.foldersA.done!]: 1, [w.foldersA.trash!]: null });
  const rest = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/folder-counts`, { token: w.tokens.installerA })).json();
  expect(rest.map((r: { folderId: number }) => r.folderId)).toEqual([w.foldersA.inbox, w.foldersA.done, w.foldersA.trash]);
});

test('per priority, assigned to me and unassigned count only relevant folders; all three priorities always appear', async () => {
  const w = await createAlarmWorld();
  const c = w.callers.installerA;
  const high = (await c.alarm.create({ dashboardId: w.dashA.id, line: 'brand', priority: 'HIGH' })).id;
  const low = (await c.alarm.create({ dashboardId: w.dashA.id, line: 'info', priority: 'LOW' })).id;
  const done = (await c.alarm.create({ dashboardId: w.dashA.id, line: 'klaar', priority: 'HIGH', folderId: w.foldersA.done })).id;
  await c.alarm.assign({ alarmId: high, userId: w.ids.installerA });
  await c.alarm.assign({ alarmId: done, userId: w.ids.installerA });
  const get = async (path: string) => (await w.h.request(`${V1}/dashboards/${w.dashA.id}/${path}`, { token: w.tokens.installerA })).json();
  expect(await get('alarm-count')).toEqual([
    { priority: 'LOW', count: 1 },
    { priority: 'MEDIUM', count: 0 },
    { priority: 'HIGH', count: 1 },
  ]);
  expect(await get('assigned-alarm-count')).toBe(1);
  expect(await get('unassigned-alarm-count')).toBe(1);
  expect(await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/assigned-alarm-count`, { token: w.tokens.admin })).json()).toBe(0);
  expect(low).toBeGreaterThan(0);
});

test('periodic counts: local Amsterdam days (DST day included), ISO weeks from Monday, months from the 1st, every bucket present, the trash left out', async () => {
  const w = await createAlarmWorld();
  const at = async (iso: string, priority: 'LOW' | 'MEDIUM' | 'HIGH', folderId?: number) => {
    const { id } = await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: iso, priority, ...(folderId ? { folderId } : {}) });
    await w.h.db
      .updateTable('alarm')
      .set({ receivedAt: Date.parse(iso) / 1000 })
      .where('id', '=', id)
      .execute();
  };
  await at('2026-10-24T22:30:00Z', 'HIGH'); // 25 Oct 00:30 local (CEST)
  await at('2026-10-25T22:30:00Z', 'LOW'); // 25 Oct 23:30 local (CET): the 25-hour day
  await at('2026-10-25T23:30:00Z', 'MEDIUM'); // 26 Oct 00:30 local
  await at('2026-10-26T09:00:00Z', 'HIGH', w.foldersA.trash); // in the trash: not counted
  await at('2026-11-01T12:00:00Z', 'MEDIUM');
  const get = async (query: string) =>
    (await w.h.request(`${V1}/dashboards/${w.dashA.id}/periodic-alarm-count?${query}`, { token: w.tokens.installerA })).json();
  expect(await get('from=2026-10-24&to=2026-10-28&granularity=day')).toEqual([
    { date: '2026-10-24', low: 0, medium: 0, high: 0 },
    { date: '2026-10-25', low: 1, medium: 0, high: 1 },
    { date: '2026-10-26', low: 0, medium: 1, high: 0 },
    { date: '2026-10-27', low: 0, medium: 0, high: 0 },
  ]);
  expect(await get('from=2026-10-19&to=2026-11-02&granularity=week')).toEqual([
    { date: '2026-10-19', low: 1, medium: 0, high: 1 },
    { date: '2026-10-26', low: 0, medium: 2, high: 0 },
  ]);
  expect(await get('from=2026-10-01&to=2026-12-01&granularity=month')).toEqual([
    { date: '2026-10-01', low: 1, medium: 1, high: 1 },
    { date: '2026-11-01', low: 0, medium: 1, high: 0 },
  ]);
  const bad = await w.h.request(`${V1}/dashboards/${w.dashA.id}/periodic-alarm-count?from=2026-02-30&to=2026-01-01&granularity=year`, {
    token: w.tokens.installerA,
  });
  expect(bad.status).toBe(400);
  expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['from', 'granularity']);
});

test('the event stream delivers a new alarm and a counts event to an open console', async () => {
  const w = await createAlarmWorld();
  const controller = new AbortController();
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/events`, { token: w.tokens.installerA, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  let text = '';
  const created = (await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: 'live' })).id;
  while (!text.includes('event: counts')) text += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  expect(text).toContain(`event: alarm\ndata: {"type":"created","alarmId":${created},"folderId":${w.foldersA.inbox}}`);
  // another organization's installer cannot listen
  expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/events`, { token: w.tokens.installerB })).status).toBe(404);
});
