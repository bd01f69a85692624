import { describe, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';

async function withAlarms(lines: string[], options: Parameters<typeof createAlarmWorld>[0] = {}) {
  const w = await createAlarmWorld(options);
  const ids: number[] = [];
  for (const line of lines) ids.push((await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line })).id);
  return { ...w, alarmIds: ids };
}

describe('alarms', () => {
  test('POST /dashboards/{id}/alarms raises an alarm with the dashboard’s defaults: inbox, MEDIUM, one occurrence, unseen', async () => {
    const w = await createAlarmWorld({ clock: () => new Date('2026-11-23T10:00:00Z') });
    const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { line: 'Storing warmtepomp', data: { code: 'E12' } },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      line: 'Storing warmtepomp',
      priority: 'MEDIUM',
      receivedAt: '2026-11-23T10:00:00.000Z',
      deadlineAt: null,
      assignees: [],
      seen: false,
      occurrences: 1,
      key: null,
      lastOccurredAt: '2026-11-23T10:00:00.000Z',
      acknowledgedAt: null,
      resolvedAt: null,
      previousAlarmId: null,
      data: { code: 'E12' },
      notes: '',
      folderId: w.foldersA.inbox,
      alarmEmailId: null,
      resolution: null,
      location: null,
      // A script's REST call counts as an API (hook) source; the console's own tRPC call as manual.
      source: 'HOOK',
    });
    const bad = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { line: 'x'.repeat(513), priority: 'URGENT', data: { a: 1 }, folderId: w.foldersB.inbox },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['data.a', 'line', 'priority']);
    const foreignFolder = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { line: 'x', folderId: w.foldersB.inbox },
    });
    expect((await foreignFolder.json()).error.fieldErrors.folderId).toEqual(['Deze map hoort niet bij dit dashboard.']);
    expect(await w.h.db.selectFrom('alarm').select('id').execute()).toHaveLength(1);
  });

  test('the folder list searches line and data, filters by assignee (id, me, none), sorts and pages', async () => {
    const w = await withAlarms(['Pomp A uit', 'Pomp B uit', 'Brandmelding hal', 'Omvormer offline']);
    const [pompA, pompB, brand, omvormer] = w.alarmIds as [number, number, number, number];
    await w.callers.installerA.alarm.setPriority({ alarmId: brand, priority: 'HIGH' });
    await w.callers.installerA.alarm.assign({ alarmId: pompA, userId: w.ids.installerA });
    await w.callers.admin.alarm.assign({ alarmId: pompB, userId: w.ids.admin });
    await w.h.db.updateTable('alarm').set({ data: '{"locatie":"Kelder"}', searchText: 'omvormer offline\nkelder' }).where('id', '=', omvormer).execute();
    const list = async (query: string) =>
      (await (await w.h.request(`${V1}/folders/${w.foldersA.inbox}/alarms?${query}`, { token: w.tokens.installerA })).json()) as {
        alarms: { id: number }[];
        totalNumberOfPages: number;
      };
    expect((await list('query=POMP')).alarms.map((a) => a.id).sort()).toEqual([pompA, pompB]);
    expect((await list('query=kelder')).alarms.map((a) => a.id)).toEqual([omvormer]);
    expect((await list('query=%25')).alarms).toEqual([]);
    expect((await list('assignee=me')).alarms.map((a) => a.id)).toEqual([pompA]);
    expect((await list(`assignee=${w.ids.admin}`)).alarms.map((a) => a.id)).toEqual([pompB]);
    expect((await list('assignee=none')).alarms.map((a) => a.id).sort()).toEqual([brand, omvormer]);
    expect((await list('sort=priority,desc')).alarms[0]!.id).toBe(brand);
    const page = await list('size=3&page=1&sort=receivedAt,asc');
    expect([page.alarms.map((a) => a.id), page.totalNumberOfPages]).toEqual([[omvormer], 2]);
    const bad = await w.h.request(`${V1}/folders/${w.foldersA.inbox}/alarms?sort=line,asc&size=500`, { token: w.tokens.installerA });
    expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['size', 'sort']);
  });

  test('moving many alarms is one step: all move, or none when one id is foreign', async () => {
    const w = await withAlarms(['a', 'b', 'c']);
    const foreign = (await w.callers.admin.alarm.create({ dashboardId: w.dashB.id, line: 'elders' })).id;
    const refused = await w.h.request(`${V1}/folders/${w.foldersA.done}/alarms/${[...w.alarmIds, foreign].join(',')}`, {
      method: 'POST',
      token: w.tokens.installerA,
    });
    expect(refused.status).toBe(404);
    expect(await w.h.db.selectFrom('alarm').select('id').where('folderId', '=', w.foldersA.done).execute()).toEqual([]);
    const moved = await w.h.request(`${V1}/folders/${w.foldersA.done}/alarms/${w.alarmIds.join(',')}`, { method: 'POST', token: w.tokens.installerA });
    expect(moved.status).toBe(204);
    expect((await w.callers.installerA.alarm.list({ folderId: w.foldersA.done, page: 0, size: 20, sort: 'receivedAt,desc' })).alarms).toHaveLength(3);
    // into another dashboard's folder: that folder does not exist for the caller
    expect((await w.h.request(`${V1}/folders/${w.foldersB.done}/alarms/${w.alarmIds[0]}`, { method: 'POST', token: w.tokens.installerA })).status).toBe(404);
  });

  test('trash: deleting moves to the trash, deleting there removes for good; clear does the same per folder', async () => {
    const w = await withAlarms(['a', 'b', 'c']);
    const [a, b, c] = w.alarmIds as [number, number, number];
    expect((await w.h.request(`${V1}/alarms/${a}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    expect((await w.callers.installerA.alarm.get({ alarmId: a })).folderId).toBe(w.foldersA.trash);
    expect((await w.h.request(`${V1}/folders/${w.foldersA.inbox}/alarms/${b},${c}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    expect((await w.h.request(`${V1}/folders/${w.foldersA.trash}/alarms/${a}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    expect((await w.h.request(`${V1}/alarms/${a}`, { token: w.tokens.installerA })).status).toBe(404);
    expect((await w.h.request(`${V1}/folders/${w.foldersA.trash}/clear`, { method: 'POST', token: w.tokens.installerA })).status).toBe(204);
    expect(await w.h.db.selectFrom('alarm').select('id').execute()).toEqual([]);
  });

  test('folders: slug names, unique per dashboard, known icons; system folders keep their name and stay; a deleted folder’s alarms go to the trash', async () => {
    const w = await withAlarms(['a']);
    const path = `${V1}/dashboards/${w.dashA.id}/folders`;
    const bad = await w.h.request(path, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { name: 'Grote Map', label: '', icon: 'skull', countMode: 'SOME' },
    });
    expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['countMode', 'icon', 'label', 'name']);
    const created = await w.h.request(path, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { name: 'storingen', label: 'Storingen', icon: 'flame', countMode: 'TOTAL', relevant: true },
    });
    expect(created.status).toBe(201);
    const folder = await created.json();
    expect(folder).toMatchObject({ name: 'storingen', index: 3, system: false, trash: false });
    expect(
      (await w.h.request(path, { method: 'POST', token: w.tokens.installerA, json: { name: 'storingen', label: 'Dubbel', icon: 'flame', countMode: 'TOTAL' } }))
        .status,
    ).toBe(409);
    expect((await w.h.request(`${V1}/folders/${w.foldersA.inbox}`, { method: 'PATCH', token: w.tokens.installerA, json: { name: 'postvak' } })).status).toBe(
      400,
    );
    const relabel = await w.h.request(`${V1}/folders/${w.foldersA.inbox}`, {
      method: 'PATCH',
      token: w.tokens.installerA,
      json: { label: 'Postvak in', icon: 'bell', countMode: 'TOTAL' },
    });
    expect(await relabel.json()).toMatchObject({ name: 'inbox', label: 'Postvak in', icon: 'bell', countMode: 'TOTAL' });
    expect((await w.h.request(`${V1}/folders/${w.foldersA.trash}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(409);
    await w.callers.installerA.alarm.setFolder({ alarmId: w.alarmIds[0]!, folderId: folder.id });
    expect((await w.h.request(`${V1}/folders/${folder.id}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    expect((await w.callers.installerA.alarm.get({ alarmId: w.alarmIds[0]! })).folderId).toBe(w.foldersA.trash);
  });

  test('folder order must be a permutation of the dashboard’s folders', async () => {
    const w = await createAlarmWorld();
    const path = `${V1}/dashboards/${w.dashA.id}/update-folder-order`;
    const { inbox, done, trash } = w.foldersA as { inbox: number; done: number; trash: number };
    for (const folderIds of [
      [inbox, done],
      [inbox, done, trash, trash],
      [inbox, done, w.foldersB.trash],
    ]) {
      const res = await w.h.request(path, { method: 'PATCH', token: w.tokens.installerA, json: { folderIds } });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fieldErrors.folderIds).toEqual(['Geef elke map van dit dashboard precies één keer.']);
    }
    const ok = await w.h.request(path, { method: 'PATCH', token: w.tokens.installerA, json: { folderIds: [trash, inbox, done] } });
    expect((await ok.json()).map((f: { id: number; index: number }) => [f.id, f.index])).toEqual([
      [trash, 0],
      [inbox, 1],
      [done, 2],
    ]);
  });

  test('assignees: only the dashboard’s users; GET answers users; removing works', async () => {
    const w = await withAlarms(['a']);
    const alarm = w.alarmIds[0]!;
    const refused = await w.h.request(`${V1}/alarms/${alarm}/assignees`, { method: 'POST', token: w.tokens.installerA, json: { userId: w.ids.installerB } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fieldErrors.userId[0]).toContain('kan niet');
    expect(
      (await w.h.request(`${V1}/alarms/${alarm}/assignees`, { method: 'POST', token: w.tokens.installerA, json: { userId: w.ids.customerA } })).status,
    ).toBe(400);
    const added = await w.h.request(`${V1}/alarms/${alarm}/assignees`, { method: 'POST', token: w.tokens.installerA, json: { userId: w.ids.installerA } });
    expect((await added.json()).map((u: { email: string }) => u.email)).toEqual(['inst-a@example.nl']);
    await w.h.request(`${V1}/alarms/${alarm}/assignees`, { method: 'POST', token: w.tokens.installerA, json: { userId: w.ids.installerA } });
    expect((await w.callers.installerA.alarm.get({ alarmId: alarm })).assignees).toEqual([w.ids.installerA]);
    expect((await w.h.request(`${V1}/alarms/${alarm}/assignees/${w.ids.installerA}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    expect(await (await w.h.request(`${V1}/alarms/${alarm}/assignees`, { token: w.tokens.installerA })).json()).toEqual([]);
  });

  test('single-field changes answer the alarm; GET never marks seen; notes and deadlines are checked', async () => {
    const w = await withAlarms(['a']);
    const alarm = w.alarmIds[0]!;
    const patch = (field: string, json: unknown) => w.h.request(`${V1}/alarms/${alarm}/${field}`, { method: 'PATCH', token: w.tokens.installerA, json });
    await w.h.request(`${V1}/alarms/${alarm}`, { token: w.tokens.installerA });
    expect((await w.callers.installerA.alarm.get({ alarmId: alarm })).seen).toBe(false);
    expect((await (await patch('seen', { seen: true })).json()).seen).toBe(true);
    expect((await (await patch('deadline', { deadlineAt: '2026-11-24T17:00:00+01:00' })).json()).deadlineAt).toBe('2026-11-24T16:00:00.000Z');
    expect((await patch('deadline', { deadlineAt: '24-11-2026' })).status).toBe(400);
    expect((await (await patch('deadline', { deadlineAt: null })).json()).deadlineAt).toBeNull();
    expect((await (await patch('notes', { notes: 'Monteur belt terug' })).json()).notes).toBe('Monteur belt terug');
    expect((await patch('notes', { notes: 'x'.repeat(10_001) })).status).toBe(400);
    expect((await (await patch('priority', { priority: 'HIGH' })).json()).priority).toBe('HIGH');
    expect((await (await patch('folder', { folderId: w.foldersA.done })).json()).folderId).toBe(w.foldersA.done);
    expect((await patch('folder', { folderId: w.foldersB.done })).status).toBe(400);
    expect((await w.h.request(`${V1}/alarms/${alarm}/notes`, { method: 'PATCH', token: w.tokens.installerB, json: { notes: 'x' } })).status).toBe(404);
  });
});
