import { describe, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';

const PNG = new Uint8Array(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
const upload = (bytes: Uint8Array<ArrayBuffer> | string, name = 'logo.png', type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
};

describe('alarm dashboards', () => {
  test('a new dashboard has Inbox, Afgehandeld and Prullenbak in that order, the inbox as default, default theme, customizable', async () => {
    const w = await createAlarmWorld();
    const folders = await (await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/folders`, { token: w.tokens.installerA })).json();
    expect(
      folders.map((f: { name: string; label: string; countMode: string; system: boolean; trash: boolean; relevant: boolean; index: number }) => [
        f.name,
        f.label,
        f.countMode,
        f.system,
        f.trash,
        f.relevant,
        f.index,
      ]),
    ).toEqual([
      ['inbox', 'Inbox', 'UNREAD', true, false, true, 0],
      ['done', 'Afgehandeld', 'NONE', true, false, false, 1],
      ['trash', 'Prullenbak', 'NONE', true, true, false, 2],
    ]);
    expect(w.dashA).toMatchObject({
      name: 'Storingen Alfa',
      organization: { id: w.orgA, name: 'Alfa Installaties' },
      settings: { defaultFolderId: folders[0].id, defaultPriority: 'MEDIUM', brandingFile: null, customizable: true },
    });
    expect(Object.values(w.dashA.theme).every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
  });

  test('search lists the dashboards a user may open; customers get 403 on every alarm path', async () => {
    const w = await createAlarmWorld();
    const names = async (token: string) =>
      (await (await w.h.request('/api/v1/alarms/dashboards/search?page=0&size=20', { token })).json()).dashboards.map((d: { name: string }) => d.name);
    expect(await names(w.tokens.admin)).toEqual(['Storingen Alfa', 'Storingen Bravo']);
    expect(await names(w.tokens.installerA)).toEqual(['Storingen Alfa']);
    for (const path of [
      '/dashboards/search',
      `/dashboards/${w.dashA.id}`,
      `/dashboards/${w.dashA.id}/folders`,
      `/folders/${w.foldersA.inbox}/alarms`,
      `/dashboards/${w.dashA.id}/alarm-count`,
    ]) {
      expect((await w.h.request(`/api/v1/alarms${path}`, { token: w.tokens.customerA })).status).toBe(403);
    }
  });

  test('a foreign dashboard answers exactly like an absent one (404)', async () => {
    const w = await createAlarmWorld();
    const foreign = await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}`, { token: w.tokens.installerB });
    const absent = await w.h.request('/api/v1/alarms/dashboards/999999', { token: w.tokens.installerB });
    expect([foreign.status, absent.status]).toEqual([404, 404]);
    // Each answer names its own request; everything else is the same.
    const { requestId: _a, ...foreignBody } = await foreign.json();
    const { requestId: _b, ...absentBody } = await absent.json();
    expect(foreignBody).toEqual(absentBody);
  });

  test('theme: six #rrggbb colours; a bad colour is a Dutch field error and changes nothing', async () => {
    const w = await createAlarmWorld();
    const theme = { primary: '#112233', primaryDark: '#000000', secondary: '#ABCDEF', secondaryDark: '#123456', tertiary: '#ffffff', tertiaryDark: '#654321' };
    const ok = await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/theme`, { method: 'PATCH', token: w.tokens.installerA, json: theme });
    expect(ok.status).toBe(200);
    expect((await ok.json()).theme).toEqual({ ...theme, secondary: '#abcdef' });
    const bad = await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/theme`, {
      method: 'PATCH',
      token: w.tokens.installerA,
      json: { ...theme, primary: 'red' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fieldErrors.primary[0]).toContain('#rrggbb');
    expect((await w.callers.admin.alarmDashboard.get({ dashboardId: w.dashA.id })).theme.primary).toBe('#112233');
  });

  test('settings change by installers only while customizable; customizable itself is admin-only', async () => {
    const w = await createAlarmWorld();
    const path = `/api/v1/alarms/dashboards/${w.dashA.id}/settings`;
    expect((await w.h.request(`${path}/customizable`, { method: 'PATCH', token: w.tokens.installerA, json: { customizable: false } })).status).toBe(403);
    expect((await w.h.request(`${path}/customizable`, { method: 'PATCH', token: w.tokens.admin, json: { customizable: false } })).status).toBe(200);
    const refused = await w.h.request(`${path}/default-priority`, { method: 'PATCH', token: w.tokens.installerA, json: { priority: 'HIGH' } });
    expect(refused.status).toBe(403);
    expect(
      (
        await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/folders`, {
          method: 'POST',
          token: w.tokens.installerA,
          json: { name: 'x', label: 'X', icon: 'bell', countMode: 'TOTAL' },
        })
      ).status,
    ).toBe(403);
    const admin = await w.h.request(`${path}/default-priority`, { method: 'PATCH', token: w.tokens.admin, json: { priority: 'HIGH' } });
    expect((await admin.json()).settings).toMatchObject({ defaultPriority: 'HIGH', customizable: false });
    // alarm work stays open to the installer
    expect(
      (
        await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/alarms`, {
          method: 'POST',
          token: w.tokens.installerA,
          json: { line: 'Telefonisch gemeld' },
        })
      ).status,
    ).toBe(201);
  });

  test('default folder: a folder of this dashboard, not the trash, not another dashboard’s', async () => {
    const w = await createAlarmWorld();
    const path = `/api/v1/alarms/dashboards/${w.dashA.id}/settings/default-folder`;
    expect((await w.h.request(path, { method: 'PATCH', token: w.tokens.admin, json: { folderId: w.foldersA.trash } })).status).toBe(400);
    expect((await w.h.request(path, { method: 'PATCH', token: w.tokens.admin, json: { folderId: w.foldersB.inbox } })).status).toBe(400);
    const ok = await w.h.request(path, { method: 'PATCH', token: w.tokens.admin, json: { folderId: w.foldersA.done } });
    expect((await ok.json()).settings.defaultFolderId).toBe(w.foldersA.done);
  });

  test('branding: a PNG is stored once, served content-addressed and immutable; SVG, text and > 1 MB are refused', async () => {
    const w = await createAlarmWorld();
    const path = `/api/v1/alarms/dashboards/${w.dashA.id}/settings/branding`;
    const ok = await w.h.request(path, { method: 'PATCH', token: w.tokens.installerA, body: upload(PNG) });
    expect(ok.status).toBe(200);
    const { brandingFile } = (await ok.json()).settings;
    expect(brandingFile).toMatch(/^\/files\/branding\/[0-9a-f]{64}$/);
    const image = await w.h.request(brandingFile);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const svg = await w.h.request(path, {
      method: 'PATCH',
      token: w.tokens.installerA,
      body: upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.png', 'image/png'),
    });
    expect(svg.status).toBe(400);
    expect((await svg.json()).error.fieldErrors.file[0]).toBe('Dit is geen PNG-, JPEG- of WebP-afbeelding.');
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await w.h.request(path, { method: 'PATCH', token: w.tokens.installerA, body: upload(big) });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.fieldErrors.file[0]).toContain('1 MB');
    const json = await w.h.request(path, { method: 'PATCH', token: w.tokens.installerA, json: { file: 'x' } });
    expect(json.status).toBe(415);
    expect((await w.callers.admin.alarmDashboard.get({ dashboardId: w.dashA.id })).settings.brandingFile).toBe(brandingFile);
  });

  test('assignable users are the admins and the organization’s installers, never another organization’s', async () => {
    const w = await createAlarmWorld();
    const users = await (await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/users?page=0`, { token: w.tokens.installerA })).json();
    expect(users.users.map((u: { email: string }) => u.email).sort()).toEqual(['admin@example.nl', 'inst-a@example.nl']);
    expect((await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/users/${w.ids.installerB}`, { token: w.tokens.admin })).status).toBe(404);
    const batch = await (
      await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/users-batch/${w.ids.installerA},${w.ids.admin}`, { token: w.tokens.admin })
    ).json();
    expect(batch.map((u: { id: number }) => u.id)).toEqual([w.ids.installerA, w.ids.admin]);
  });

  test('only admins create, rename and delete dashboards; deleting takes folders and alarms along', async () => {
    const w = await createAlarmWorld();
    expect(
      (await w.h.request('/api/v1/alarms/dashboards', { method: 'POST', token: w.tokens.installerA, json: { name: 'X', organizationId: w.orgA } })).status,
    ).toBe(403);
    const created = await w.h.request('/api/v1/alarms/dashboards', { method: 'POST', token: w.tokens.admin, json: { name: '', organizationId: 999 } });
    expect(created.status).toBe(400);
    await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Weg ermee' });
    expect((await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(403);
    expect((await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}`, { method: 'DELETE', token: w.tokens.admin })).status).toBe(204);
    expect(await w.h.db.selectFrom('alarm').select('id').execute()).toEqual([]);
    expect((await w.h.db.selectFrom('alarmFolder').select('dashboardId').distinct().execute()).map((r) => r.dashboardId)).toEqual([w.dashB.id]);
  });
});
