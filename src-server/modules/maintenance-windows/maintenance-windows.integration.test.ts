import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { matchingWindow } from './maintenance-windows.queries';

const V1 = '/api/v1/alarms';
const T = Date.parse('2026-11-25T09:00:00Z');
const iso = (offsetMinutes: number) => new Date(T + offsetMinutes * 60_000).toISOString();

async function world() {
  let now = T;
  const w = await createAlarmWorld({ clock: () => new Date(now) });
  const post = (dashboardId: number, json: unknown, token = w.tokens.installerA) =>
    w.h.request(`${V1}/dashboards/${dashboardId}/maintenance-windows`, { method: 'POST', token, json });
  const list = async (token = w.tokens.installerA) => (await w.h.request(`${V1}/dashboards/${w.dashA.id}/maintenance-windows`, { token })).json();
  return { ...w, post, list, advance: (minutes: number) => (now += minutes * 60_000) };
}

test('a planned window answers 201 with its author; the list shows active and planned first (soonest first), then past ones (latest end first)', async () => {
  const w = await world();
  const res = await w.post(w.dashA.id, { from: iso(-60), to: iso(60), match: ' Omvormer ', note: 'Firmware-update' });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({
    id: expect.any(Number),
    from: '2026-11-25T08:00:00.000Z',
    to: '2026-11-25T10:00:00.000Z',
    match: 'Omvormer',
    note: 'Firmware-update',
    active: true,
    createdBy: { id: w.ids.installerA, fullName: 'inst-a' },
    createdAt: '2026-11-25T09:00:00.000Z',
  });
  await w.post(w.dashA.id, { from: iso(120), to: iso(180), note: 'gepland' });
  await w.post(w.dashA.id, { from: iso(-60), to: iso(5), note: 'kort' });
  await w.post(w.dashA.id, { from: iso(-60), to: iso(2), note: 'korter' });
  w.advance(10);
  const windows = await w.list();
  expect(windows.map((x: { note: string; active: boolean }) => [x.note, x.active])).toEqual([
    ['Firmware-update', true],
    ['gepland', false],
    ['kort', false],
    ['korter', false],
  ]);
  expect(windows[1].match).toBeNull();
  // another organization's installer sees nothing of it
  expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/maintenance-windows`, { token: w.tokens.installerB })).status).toBe(404);
});

test('bad input answers 400 with Dutch field messages and stores nothing', async () => {
  const w = await world();
  const fields = async (json: unknown) => (await (await w.post(w.dashA.id, json)).json()).error.fieldErrors;
  expect(await fields({ from: 'morgen', to: iso(60), match: '(?=x)', note: 'x'.repeat(501) })).toEqual({
    from: expect.arrayContaining(['Geef een tijdstip als 2026-11-23T14:00:00+01:00.']),
    match: ['Dit is geen geldig patroon (RE2, zonder look-arounds).'],
    note: ['De notitie mag maximaal 500 tekens lang zijn.'],
  });
  expect(await fields({ from: iso(60), to: iso(60) })).toEqual({ to: ['Het einde moet na het begin liggen.'] });
  expect(await fields({ from: iso(-120), to: iso(-60) })).toEqual({ to: ['Het einde ligt in het verleden; kies een einde na nu.'] });
  expect(await w.list()).toEqual([]);
});

test('a window matches from `from` (inclusive) to `to` (exclusive), on the key or the line, case-insensitively', async () => {
  const w = await world();
  const { id } = await w.callers.installerA.maintenanceWindow.create({ dashboardId: w.dashA.id, from: iso(0), to: iso(30), match: 'pomp|^site-7' } as never);
  const from = T / 1000;
  const to = from + 1800;
  const line = { key: null, line: 'Storing POMP 3' };
  expect((await matchingWindow(w.h.db, w.dashA.id, from - 1, line))?.id).toBeUndefined();
  expect((await matchingWindow(w.h.db, w.dashA.id, from, line))?.id).toBe(id);
  expect((await matchingWindow(w.h.db, w.dashA.id, to - 1, line))?.id).toBe(id);
  expect((await matchingWindow(w.h.db, w.dashA.id, to, line))?.id).toBeUndefined();
  expect((await matchingWindow(w.h.db, w.dashA.id, from, { key: 'SITE-7/inverter', line: 'Fout' }))?.id).toBe(id);
  expect((await matchingWindow(w.h.db, w.dashA.id, from, { key: 'site-8', line: 'Fout' }))?.id).toBeUndefined();
  // another dashboard's alarms are not covered
  expect((await matchingWindow(w.h.db, w.dashB.id, from, line))?.id).toBeUndefined();
});

test('ending early sets the end to now; ending again, or a window not begun, is a 409; delete answers 204', async () => {
  const w = await world();
  const c = w.callers.installerA;
  const active = await c.maintenanceWindow.create({ dashboardId: w.dashA.id, from: iso(-30), to: iso(60) } as never);
  const planned = await c.maintenanceWindow.create({ dashboardId: w.dashA.id, from: iso(30), to: iso(60) } as never);
  w.advance(5);
  const end = (id: number) => w.h.request(`${V1}/maintenance-windows/${id}/end`, { method: 'POST', token: w.tokens.installerA });
  const ended = await end(active.id);
  expect(ended.status).toBe(200);
  expect(await ended.json()).toMatchObject({ id: active.id, to: '2026-11-25T09:05:00.000Z', active: false });
  expect(await matchingWindow(w.h.db, w.dashA.id, T / 1000 + 300, { key: null, line: 'x' })).toBeUndefined();
  expect(await matchingWindow(w.h.db, w.dashA.id, T / 1000 + 299, { key: null, line: 'x' })).toBeDefined();
  const again = await end(active.id);
  expect(again.status).toBe(409);
  expect((await again.json()).error.message).toBe('Dit onderhoudsvenster is al voorbij.');
  expect((await end(planned.id)).status).toBe(409);
  const del = (id: number) => w.h.request(`${V1}/maintenance-windows/${id}`, { method: 'DELETE', token: w.tokens.installerA });
  expect((await del(planned.id)).status).toBe(204);
  expect((await del(planned.id)).status).toBe(404);
  expect((await w.list()).map((x: { id: number }) => x.id)).toEqual([active.id]);
});

test('installers change windows only while the dashboard is customizable; reading stays open; foreign ids are 404, customers 403', async () => {
  const w = await world();
  const { id } = await w.callers.admin.maintenanceWindow.create({ dashboardId: w.dashA.id, from: iso(0), to: iso(60) } as never);
  await w.callers.admin.alarmDashboard.customizable({ dashboardId: w.dashA.id, customizable: false });
  const a = w.callers.installerA.maintenanceWindow;
  const code = (p: Promise<unknown>) => p.then(() => 'ok').catch((e: { code: string }) => e.code);
  expect(await code(a.create({ dashboardId: w.dashA.id, from: iso(0), to: iso(60) } as never))).toBe('FORBIDDEN');
  expect(await code(a.end({ windowId: id }))).toBe('FORBIDDEN');
  expect(await code(a.delete({ windowId: id }))).toBe('FORBIDDEN');
  expect((await a.list({ dashboardId: w.dashA.id })).length).toBe(1);
  expect(await code(w.callers.installerB.maintenanceWindow.delete({ windowId: id }))).toBe('NOT_FOUND');
  expect(await code(w.callers.installerB.maintenanceWindow.end({ windowId: id }))).toBe('NOT_FOUND');
  expect(await code(w.callers.customerA.maintenanceWindow.list({ dashboardId: w.dashA.id }))).toBe('FORBIDDEN');
  expect(await code(w.callers.admin.maintenanceWindow.end({ windowId: id }))).toBe('ok');
});
