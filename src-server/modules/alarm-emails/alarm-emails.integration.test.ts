import { describe, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { storeIncomingMail } from './alarm-emails.store';

const V1 = '/api/v1/alarms';
const raw = (subject: string) =>
  Buffer.from(`From: GBS <gbs@example.nl>\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}@gbs.example.nl>\r\n\r\n${subject}\r\n`);

describe('reading an e-mail', () => {
  test('reading it over the API never marks it read; PATCH …/read does, keeps the first time, and can make it unread again', async () => {
    let now = new Date('2026-11-23T08:00:00Z');
    const w = await createAlarmWorld({ clock: () => now });
    const { id } = await storeIncomingMail(w.h.db, { dashboardId: w.dashA.id, sourceId: null, raw: raw('Storing pomp 1'), storedAt: 0 });
    const get = async () => (await w.h.request(`${V1}/emails/${id}`, { token: w.tokens.installerA })).json();
    const overview = async () =>
      (await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/emails?page=0&size=20`, { token: w.tokens.installerA })).json()).emails[0].readAt;
    const mark = (read: unknown, token = w.tokens.installerA) => w.h.request(`${V1}/emails/${id}/read`, { method: 'PATCH', token, json: { read } });

    expect((await get()).readAt).toBeNull();
    expect((await get()).readAt).toBeNull();
    const read = await mark(true);
    expect(read.status).toBe(200);
    expect((await read.json()).readAt).toBe('2026-11-23T08:00:00.000Z');
    now = new Date('2026-11-23T08:20:00Z');
    expect((await (await mark(true)).json()).readAt).toBe('2026-11-23T08:00:00.000Z');
    expect(await overview()).toBe('2026-11-23T08:00:00.000Z');
    expect((await (await mark(false)).json()).readAt).toBeNull();
    expect(await overview()).toBeNull();

    const bad = await mark('ja');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fieldErrors.read[0]).toBe('Geef read als true of false.');
    expect((await mark(true, w.tokens.installerB)).status).toBe(404);
    expect((await mark(true, w.tokens.customerA)).status).toBe(403);
    expect((await get()).readAt).toBeNull();
  });
});
