import { afterEach, describe, expect, test } from 'vitest';
import { type AlarmWorld, createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';

/** A world whose clock the test moves: `at('10:05')` sets 2026-11-25 at that UTC time. */
async function lifecycleWorld() {
  let now = new Date('2026-11-25T10:00:00Z');
  const w = await createAlarmWorld({ clock: () => now });
  const at = (time: string) => (now = new Date(`2026-11-25T${time}:00Z`));
  const raise = (json: Record<string, unknown>, token = w.tokens.installerA) =>
    Promise.resolve(w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { method: 'POST', token, json })).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  return { ...w, at, raise };
}

let w: (AlarmWorld & Awaited<ReturnType<typeof lifecycleWorld>>) | undefined;
afterEach(async () => {
  await w?.h.close();
  w = undefined;
});

const events = (history: { event: string }[]) => history.map((h) => h.event);

describe('alarm lifecycle', () => {
  test('acknowledge sets acknowledgedAt once, marks seen and assigns the caller; assigning someone else acknowledges too', async () => {
    w = await lifecycleWorld();
    const c = w.callers.installerA;
    const { id } = await c.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp uit' });
    w.at('10:05');
    const first = await c.alarm.acknowledge({ alarmId: id });
    expect(first).toMatchObject({ acknowledgedAt: '2026-11-25T10:05:00.000Z', seen: true, assignees: [w.ids.installerA] });
    w.at('10:30');
    expect((await w.callers.admin.alarm.acknowledge({ alarmId: id })).acknowledgedAt).toBe('2026-11-25T10:05:00.000Z');

    const other = await c.alarm.create({ dashboardId: w.dashA.id, line: 'Brand' });
    await c.alarm.assign({ alarmId: other.id, userId: w.ids.admin });
    expect((await c.alarm.get({ alarmId: other.id })).acknowledgedAt).toBe('2026-11-25T10:30:00.000Z');
    const history = await c.alarm.history({ alarmId: id });
    expect(history.map((h) => [h.event, h.actor.type, h.at])).toEqual([
      ['created', 'USER', '2026-11-25T10:00:00.000Z'],
      ['acknowledged', 'USER', '2026-11-25T10:05:00.000Z'],
      ['assigned', 'USER', '2026-11-25T10:05:00.000Z'],
      ['assigned', 'USER', '2026-11-25T10:30:00.000Z'],
    ]);
    expect(history[1]!.actor).toEqual({ type: 'USER', id: w.ids.installerA, name: expect.any(String) });
  });

  test('a move out of the relevant folders resolves (by the user), a move back reopens; the trash resolves too', async () => {
    w = await lifecycleWorld();
    const c = w.callers.installerA;
    const { id } = await c.alarm.create({ dashboardId: w.dashA.id, line: 'Storing' });
    w.at('11:00');
    const done = await c.alarm.setFolder({ alarmId: id, folderId: w.foldersA.done! });
    expect(done).toMatchObject({ resolvedAt: '2026-11-25T11:00:00.000Z', resolution: { by: 'USER', userId: w.ids.installerA } });
    w.at('11:10');
    const back = await c.alarm.setFolder({ alarmId: id, folderId: w.foldersA.inbox! });
    expect(back).toMatchObject({ resolvedAt: null, resolution: null });
    await c.alarm.move({ folderId: w.foldersA.trash!, alarmIds: String(id) as never });
    expect((await c.alarm.get({ alarmId: id })).resolvedAt).toBe('2026-11-25T11:10:00.000Z');
    const history = await c.alarm.history({ alarmId: id });
    expect(events(history)).toEqual(['created', 'moved', 'resolved', 'moved', 'reopened', 'moved', 'resolved']);
    expect(history[1]!.details).toEqual({ from: { id: w.foldersA.inbox, label: 'Inbox' }, to: { id: w.foldersA.done, label: 'Afgehandeld' } });
  });

  test('a key groups repeats into the open alarm (201, same alarm); after a resolve the next one names it as previous (flapping)', async () => {
    w = await lifecycleWorld();
    const first = await w.raise({ line: 'Disk vol op srv1', key: 'disk:srv1' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ key: 'disk:srv1', occurrences: 1, previousAlarmId: null });
    w.at('10:20');
    const repeat = await w.raise({ line: 'Disk vol op srv1', key: 'disk:srv1' });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toMatchObject({
      id: first.body.id,
      occurrences: 2,
      lastOccurredAt: '2026-11-25T10:20:00.000Z',
      receivedAt: '2026-11-25T10:00:00.000Z',
    });

    const resolved = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms/resolve`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { key: 'disk:srv1' },
    });
    expect(await resolved.json()).toEqual({ resolved: 1 });
    const after = await w.callers.installerA.alarm.get({ alarmId: first.body.id });
    expect(after).toMatchObject({ folderId: w.foldersA.done, resolvedAt: '2026-11-25T10:20:00.000Z', resolution: { by: 'API', userId: w.ids.installerA } });

    w.at('10:50');
    const again = await w.raise({ line: 'Disk vol op srv1', key: 'disk:srv1' });
    expect(again.body).toMatchObject({ occurrences: 1, previousAlarmId: first.body.id, folderId: w.foldersA.inbox });
    // A day later it is a new problem, not flapping.
    await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms/resolve`, { method: 'POST', token: w.tokens.installerA, json: { key: 'disk:srv1' } });
    await w.h.db
      .updateTable('alarm')
      .set({ resolvedAt: Date.parse('2026-11-24T10:49:00Z') / 1000 })
      .where('groupKey', '=', 'disk:srv1')
      .execute();
    expect((await w.raise({ line: 'Disk vol', key: 'disk:srv1' })).body.previousAlarmId).toBeNull();
    // Nothing open with the key: 0, nothing changes.
    const none = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms/resolve`, { method: 'POST', token: w.tokens.installerA, json: { key: 'onbekend' } });
    expect(await none.json()).toEqual({ resolved: 0 });
  });

  test('the resolved folder setting: a relevant folder is refused; resolve by key moves there', async () => {
    w = await lifecycleWorld();
    const c = w.callers.installerA;
    const archive = await c.alarmFolder.create({
      dashboardId: w.dashA.id,
      name: 'archief',
      label: 'Archief',
      icon: 'archive',
      countMode: 'NONE',
      relevant: false,
    });
    const refused = await w.h.request(`${V1}/dashboards/${w.dashA.id}/settings/resolved-folder`, {
      method: 'PATCH',
      token: w.tokens.installerA,
      json: { folderId: w.foldersA.inbox },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fieldErrors.folderId[0]).toMatch(/niet meetelt/);
    expect((await c.alarmDashboard.get({ dashboardId: w.dashA.id })).settings.resolvedFolderId).toBe(w.foldersA.done);
    expect((await c.alarmDashboard.resolvedFolder({ dashboardId: w.dashA.id, folderId: archive.id })).settings.resolvedFolderId).toBe(archive.id);
    const { body } = await w.raise({ line: 'x', key: 'k' });
    await c.alarm.resolveByKey({ dashboardId: w.dashA.id, key: 'k' });
    expect((await c.alarm.get({ alarmId: body.id })).folderId).toBe(archive.id);

    // Deleting the chosen folder: the setting reads `done` again (never null), where recoveries now go.
    expect((await w.h.request(`${V1}/folders/${archive.id}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    const world = w;
    const settings = async () => (await (await world.h.request(`${V1}/dashboards/${world.dashA.id}`, { token: world.tokens.installerA })).json()).settings;
    expect((await settings()).resolvedFolderId).toBe(w.foldersA.done);
    const listed = await (await w.h.request(`${V1}/dashboards/search`, { token: w.tokens.installerA })).json();
    expect(listed.dashboards.find((d: { id: number }) => d.id === world.dashA.id).settings.resolvedFolderId).toBe(w.foldersA.done);
    const again = await w.raise({ line: 'y', key: 'k2' });
    await c.alarm.resolveByKey({ dashboardId: w.dashA.id, key: 'k2' });
    expect((await c.alarm.get({ alarmId: again.body.id })).folderId).toBe((await settings()).resolvedFolderId);
  });

  test('an alarm raised inside an active maintenance window that matches lands resolved (MAINTENANCE); outside it or unmatched, in the inbox', async () => {
    w = await lifecycleWorld();
    await w.h.db
      .insertInto('maintenanceWindow')
      .values({
        dashboardId: w.dashA.id,
        from: Date.parse('2026-11-25T10:00:00Z') / 1000,
        to: Date.parse('2026-11-25T10:40:00Z') / 1000,
        match: 'omvormer',
        note: 'Onderhoud PV',
        createdBy: null,
        createdAt: 0,
      })
      .execute();
    const during = await w.raise({ line: 'Omvormer 2 offline' });
    expect(during.body).toMatchObject({ folderId: w.foldersA.done, resolvedAt: '2026-11-25T10:00:00.000Z', resolution: { by: 'MAINTENANCE' } });
    expect((await w.raise({ line: 'Brandmelding' })).body).toMatchObject({ folderId: w.foldersA.inbox, resolvedAt: null });
    w.at('10:40');
    expect((await w.raise({ line: 'Omvormer 2 offline' })).body).toMatchObject({ folderId: w.foldersA.inbox, resolvedAt: null });
    expect(events(await w.callers.installerA.alarm.history({ alarmId: during.body.id }))).toEqual(['created', 'resolved']);
  });

  test('a folder that stops being relevant resolves its alarms; relevant again, they reopen', async () => {
    w = await lifecycleWorld();
    const c = w.callers.installerA;
    const night = await c.alarmFolder.create({ dashboardId: w.dashA.id, name: 'nacht', label: 'Nacht', icon: 'clock', countMode: 'TOTAL', relevant: true });
    const { id } = await c.alarm.create({ dashboardId: w.dashA.id, line: 'x', folderId: night.id });
    await c.alarmFolder.update({ folderId: night.id, relevant: false });
    expect((await c.alarm.get({ alarmId: id })).resolution).toEqual({ by: 'USER', userId: w.ids.installerA });
    await c.alarmFolder.update({ folderId: night.id, relevant: true });
    expect((await c.alarm.get({ alarmId: id })).resolvedAt).toBeNull();
  });

  test('REST calls are the API in the history; a foreign alarm’s history is a 404', async () => {
    w = await lifecycleWorld();
    const { body } = await w.raise({ line: 'Via script' });
    const history = await w.h.request(`${V1}/alarms/${body.id}/history`, { token: w.tokens.installerA });
    expect((await history.json())[0]).toMatchObject({ event: 'created', actor: { type: 'API', id: w.ids.installerA } });
    expect((await w.h.request(`${V1}/alarms/${body.id}/history`, { token: w.tokens.installerB })).status).toBe(404);
    expect((await w.h.request(`${V1}/alarms/${body.id}/acknowledge`, { method: 'POST', token: w.tokens.installerB })).status).toBe(404);
  });
});

test('the folder list filters by priorities and by acknowledged, over REST too', async () => {
  w = await lifecycleWorld();
  const c = w.callers.installerA;
  const high = (await c.alarm.create({ dashboardId: w.dashA.id, line: 'Brand', priority: 'HIGH' })).id;
  const low = (await c.alarm.create({ dashboardId: w.dashA.id, line: 'Info', priority: 'LOW' })).id;
  const medium = (await c.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp', priority: 'MEDIUM' })).id;
  await c.alarm.acknowledge({ alarmId: low });
  const ids = async (query: string) =>
    (await (await w!.h.request(`${V1}/folders/${w!.foldersA.inbox}/alarms?${query}`, { token: w!.tokens.installerA })).json()).alarms.map(
      (a: { id: number }) => a.id,
    );
  expect(await ids('priority=HIGH,LOW')).toEqual([low, high]);
  expect(await ids('acknowledged=false')).toEqual([medium, high]);
  expect(await ids('acknowledged=true&priority=LOW')).toEqual([low]);
  const bad = await w.h.request(`${V1}/folders/${w.foldersA.inbox}/alarms?priority=URGENT`, { token: w.tokens.installerA });
  expect(bad.status).toBe(400);
});
