import { expect, test } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { createAlarmWorld } from '../../testing/alarm-world';

const status = (id: number) => `/api/v1/locations/${id}/status`;

/** A world at a pinned moment (Tuesday 1 December 2026, 10:00 Amsterdam) whose clock a test moves. */
async function world() {
  const now = { value: new Date(localToUtc('2026-12-01T10:00') * 1000) };
  const w = await createAlarmWorld({ clock: () => now.value });
  const at = (local: string) => (now.value = new Date(localToUtc(local) * 1000));
  const raise = (line: string, extra: Record<string, unknown> = {}) =>
    w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line, locationId: w.a1, ...extra });
  const summary = () => w.callers.admin.location.update({ locationId: w.a1, customerView: 'SUMMARY' });
  const read = async (id: number, token: string) => {
    const res = await w.h.request(status(id), { token });
    return { status: res.status, body: await res.json() };
  };
  return { ...w, now, at, raise, summary, read };
}

test('with SUMMARY a customer reads the open alarms of its location, in behandeling once acknowledged, most urgent first', async () => {
  const w = await world();
  await w.summary();
  w.at('2026-11-30T02:10');
  await w.raise('Koeling vriezer uitgevallen', { priority: 'HIGH' });
  w.at('2026-11-30T03:00');
  const oven = await w.raise('Oven 2 storing', { priority: 'MEDIUM' });
  await w.callers.installerA.alarm.acknowledge({ alarmId: oven.id });
  w.at('2026-12-01T10:00');
  const { status: code, body } = await w.read(w.a1, w.tokens.customerA);
  expect(code).toBe(200);
  expect(body.openAlarms).toEqual([
    { line: 'Koeling vriezer uitgevallen', priority: 'HIGH', since: '2026-11-30T01:10:00.000Z', inProgress: false },
    { line: 'Oven 2 storing', priority: 'MEDIUM', since: '2026-11-30T02:00:00.000Z', inProgress: true },
  ]);
  expect(body.openCount).toBe(2);
});

test('alarms resolved in the last 30 days come with their time to resolve from when they were first raised; older ones and other locations’ do not', async () => {
  const w = await world();
  await w.summary();
  w.at('2026-10-20T09:00');
  const old = await w.raise('Oud alarm');
  w.at('2026-10-21T09:00');
  await w.callers.installerA.alarm.setFolder({ alarmId: old.id, folderId: w.foldersA.done });
  w.at('2026-11-30T01:00');
  const night = await w.raise('Koeling vriezer uitgevallen', { priority: 'HIGH' });
  await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Magazijn deur open', locationId: w.a2 });
  w.at('2026-11-30T03:14');
  await w.callers.installerA.alarm.setFolder({ alarmId: night.id, folderId: w.foldersA.done });
  w.at('2026-12-01T10:00');
  const { body } = await w.read(w.a1, w.tokens.customerA);
  expect(body.openAlarms).toEqual([]);
  expect(body.resolvedAlarms).toEqual([
    {
      line: 'Koeling vriezer uitgevallen',
      priority: 'HIGH',
      since: '2026-11-30T00:00:00.000Z',
      resolvedAt: '2026-11-30T02:14:00.000Z',
      resolveSeconds: 2 * 3600 + 14 * 60,
    },
  ]);
  expect(body.resolvedCount).toBe(1);
});

test('maintenance windows planned or active on the dashboard holding the location’s alarms are listed; ended ones and other dashboards’ are not', async () => {
  const w = await world();
  await w.summary();
  await w.raise('Storing');
  const plan = (dashboardId: number, from: string, to: string, note: string) => w.callers.admin.maintenanceWindow.create({ dashboardId, from, to, note });
  w.at('2026-11-20T12:00');
  await plan(w.dashA.id, '2026-11-20T22:00:00+01:00', '2026-11-21T02:00:00+01:00', 'Voorbij');
  w.at('2026-12-01T08:00');
  await plan(w.dashA.id, '2026-12-01T09:00:00+01:00', '2026-12-01T11:00:00+01:00', 'Firmware omvormer');
  await plan(w.dashA.id, '2026-12-03T22:00:00+01:00', '2026-12-04T02:00:00+01:00', '');
  await plan(w.dashB.id, '2026-12-02T22:00:00+01:00', '2026-12-03T02:00:00+01:00', 'Ander bedrijf');
  w.at('2026-12-01T10:00');
  const { body } = await w.read(w.a1, w.tokens.customerA);
  expect(body.maintenanceWindows).toEqual([
    { from: '2026-12-01T08:00:00.000Z', to: '2026-12-01T10:00:00.000Z', active: true, description: 'Firmware omvormer' },
    { from: '2026-12-03T21:00:00.000Z', to: '2026-12-04T01:00:00.000Z', active: false, description: null },
  ]);
});

test('the firm’s contact block, set by an admin, is in the status; an installer or customer may not set it, and a bad address is a Dutch field error', async () => {
  const w = await world();
  await w.summary();
  const patch = (token: string, json: unknown) => w.h.request(`/api/organization/${w.orgA}`, { method: 'PATCH', token, json });
  const ok = await patch(w.tokens.admin, { contact: { phone: '+31 20 123 4567', email: 'service@alfa.nl', hours: 'Ma–vr 8–17 uur, storingen 24/7' } });
  expect(ok.status).toBe(200);
  expect((await ok.json()).name).toBe('Alfa Installaties');
  expect((await patch(w.tokens.installerA, { contact: { phone: '020 000 0000' } })).status).toBe(403);
  expect((await patch(w.tokens.customerA, { contact: { phone: '020 000 0000' } })).status).toBe(403);
  const bad = await patch(w.tokens.admin, { contact: { email: 'geen-adres', phone: 'bel mij' } });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.fieldErrors).toEqual({
    'contact.email': ['Vul een geldig e-mailadres in, zoals service@installateur.nl.'],
    'contact.phone': ['Vul een telefoonnummer in met alleen cijfers, spaties, haakjes, streepjes en een + vooraan.'],
  });
  // A part left out keeps its value; null clears it.
  expect((await (await patch(w.tokens.admin, { contact: { hours: null } })).json()).contact).toEqual({
    phone: '+31 20 123 4567',
    email: 'service@alfa.nl',
    hours: null,
  });
  const { body } = await w.read(w.a1, w.tokens.customerA);
  expect(body.contact).toEqual({ name: 'Alfa Installaties', phone: '+31 20 123 4567', email: 'service@alfa.nl', hours: null });
});

/** The customer's status answer as text, for looking for what must not be in it. */
async function customerText(w: Awaited<ReturnType<typeof world>>) {
  const res = await w.h.request(status(w.a1), { token: w.tokens.customerA });
  expect(res.status).toBe(200);
  return res.text();
}

test("an alarm's data and key never reach the customer", async () => {
  const w = await world();
  await w.summary();
  await w.raise('Koeling vriezer uitgevallen', { priority: 'HIGH', data: { geheim: 'DATA-MARKER' }, key: 'KEY-MARKER' });
  const closed = await w.raise('Oven storing', { data: { x: 'DATA-MARKER-2' } });
  await w.callers.installerA.alarm.setFolder({ alarmId: closed.id, folderId: w.foldersA.done });
  const text = await customerText(w);
  expect(text).toContain('Koeling vriezer uitgevallen');
  expect(text).toContain('Oven storing');
  for (const leak of ['DATA-MARKER', 'KEY-MARKER', 'geheim']) expect(text, leak).not.toContain(leak);
});

test("the installers' notes never reach the customer", async () => {
  const w = await world();
  await w.summary();
  const alarm = await w.raise('Koeling vriezer uitgevallen');
  await w.callers.installerA.alarm.setNotes({ alarmId: alarm.id, notes: 'NOTES-MARKER' });
  const text = await customerText(w);
  expect(text).toContain('Koeling vriezer uitgevallen');
  expect(text).not.toContain('NOTES-MARKER');
});

test('who acknowledged or is assigned shows only as "in behandeling": no name, e-mail address or user id', async () => {
  const w = await world();
  await w.summary();
  const alarm = await w.raise('Koeling vriezer uitgevallen');
  await w.callers.installerA.alarm.acknowledge({ alarmId: alarm.id });
  await w.callers.admin.alarm.assign({ alarmId: alarm.id, userId: w.ids.installerA });
  const body = JSON.parse(await customerText(w));
  expect(body.openAlarms).toEqual([expect.objectContaining({ line: 'Koeling vriezer uitgevallen', inProgress: true })]);
  expect(Object.keys(body.openAlarms[0]).sort()).toEqual(['inProgress', 'line', 'priority', 'since']);
  const text = JSON.stringify(body);
  for (const leak of ['inst-a', '@example.nl', 'assignee', 'acknowledgedBy']) expect(text, leak).not.toContain(leak);
});

test('no history, folder, dashboard name or alarm id reaches the customer', async () => {
  const w = await world();
  await w.summary();
  const alarm = await w.raise('Koeling vriezer uitgevallen');
  await w.callers.installerA.alarm.acknowledge({ alarmId: alarm.id });
  const closed = await w.raise('Oven storing');
  await w.callers.installerA.alarm.setFolder({ alarmId: closed.id, folderId: w.foldersA.done });
  const text = await customerText(w);
  for (const leak of ['Storingen Alfa', 'folder', 'history', 'dashboard', 'Bevestigd door']) expect(text, leak).not.toContain(leak);
  const body = JSON.parse(text);
  expect(Object.keys(body).sort()).toEqual(
    ['at', 'contact', 'customerView', 'locationId', 'locationName', 'maintenanceWindows', 'openAlarms', 'openCount', 'resolvedAlarms', 'resolvedCount'].sort(),
  );
  expect(Object.keys(body.resolvedAlarms[0]).sort()).toEqual(['line', 'priority', 'resolveSeconds', 'resolvedAt', 'since']);
  // No alarm id, no user id anywhere: the only id is the location's.
  expect(text.match(/"\w*[iI]d":/g)).toEqual(['"locationId":']);
});

test('a maintenance window shows its time and note, never the rule that matches alarms', async () => {
  const w = await world();
  await w.summary();
  await w.raise('Koeling vriezer uitgevallen'); // the dashboard holds the location's alarms
  await w.callers.installerA.maintenanceWindow.create({
    dashboardId: w.dashA.id,
    from: '2026-12-02T09:00:00+01:00',
    to: '2026-12-02T10:00:00+01:00',
    match: 'MATCH-MARKER',
    note: 'Onderhoud',
  });
  const body = JSON.parse(await customerText(w));
  expect(body.maintenanceWindows).toEqual([expect.objectContaining({ description: 'Onderhoud', active: false })]);
  expect(Object.keys(body.maintenanceWindows[0]).sort()).toEqual(['active', 'description', 'from', 'to']);
  expect(JSON.stringify(body)).not.toContain('MATCH-MARKER');
});

test('NONE (the default) answers 404 to the location’s customer and the summary to staff; SUMMARY opens it; back to NONE closes it again', async () => {
  const w = await world();
  expect((await w.callers.admin.location.get({ locationId: w.a1 })).customerView).toBe('NONE');
  expect((await w.read(w.a1, w.tokens.customerA)).status).toBe(404);
  expect((await w.read(w.a1, w.tokens.installerA)).status).toBe(200);
  expect((await w.read(w.a1, w.tokens.admin)).status).toBe(200);
  const patch = (token: string, customerView: string) => w.h.request(`/api/location/${w.a1}`, { method: 'PATCH', token, json: { customerView } });
  expect((await patch(w.tokens.installerA, 'SUMMARY')).status).toBe(200);
  expect((await w.read(w.a1, w.tokens.customerA)).status).toBe(200);
  expect((await patch(w.tokens.admin, 'NONE')).status).toBe(200);
  expect((await w.read(w.a1, w.tokens.customerA)).body.error.message).toBe('Deze locatie bestaat niet.');
});

test('customerView is written only by staff of the location’s organization; a PATCH of it alone keeps the address; a bad value is a Dutch field error', async () => {
  const w = await world();
  const patch = (token: string, json: unknown) => w.h.request(`/api/location/${w.a1}`, { method: 'PATCH', token, json });
  expect((await patch(w.tokens.customerA, { customerView: 'SUMMARY' })).status).toBe(403);
  // A PATCH naming no field changes nothing and is no error.
  expect((await patch(w.tokens.installerA, {})).status).toBe(200);
  expect((await patch(w.tokens.installerB, { customerView: 'SUMMARY' })).status).toBe(404);
  const bad = await patch(w.tokens.installerA, { customerView: 'ALLES', monthlyMail: 'ja' });
  expect(bad.status).toBe(400);
  expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['customerView', 'monthlyMail']);
  const ok = await patch(w.tokens.installerA, { customerView: 'SUMMARY', monthlyMail: true });
  expect(await ok.json()).toMatchObject({ name: 'Alfa Kantoor', streetAddress: expect.any(String), customerView: 'SUMMARY', monthlyMail: true });
  expect((await w.callers.customerA.location.visible())[0]).toMatchObject({ id: w.a1, customerView: 'SUMMARY' });
});

test('tenancy: another location’s customer, another organization’s installer and an unknown id all get 404; nobody signed in 401', async () => {
  const w = await world();
  await w.callers.admin.location.update({ locationId: w.a2, customerView: 'SUMMARY' });
  await w.callers.admin.location.update({ locationId: w.b1, customerView: 'SUMMARY' });
  await w.summary();
  expect((await w.read(w.a2, w.tokens.customerA)).status).toBe(404); // same organization, not its location
  expect((await w.read(w.b1, w.tokens.customerA)).status).toBe(404);
  expect((await w.read(w.a1, w.tokens.installerB)).status).toBe(404);
  expect((await w.read(999999, w.tokens.customerA)).status).toBe(404);
  expect((await w.h.request(status(w.a1))).status).toBe(401);
});
