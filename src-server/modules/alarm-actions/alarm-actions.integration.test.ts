import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { createEscalationWorld } from '../../testing/escalation-world';

/** An escalation to installer A and the action token of the mail that reached them. */
async function linked() {
  const w = await createEscalationWorld();
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise();
  await w.settle();
  const token = w.tokenOf(w.smtp.mails.at(-1)!.mail.text)!;
  const get = (t = token) => w.h.request(`/api/v1/actions/${t}`);
  const post = (action: string, t = token) => w.h.request(`/api/v1/actions/${t}`, { method: 'POST', json: { action } });
  return { w, alarm, token, get, post };
}

test('opening the link shows the alarm and for whom, and changes nothing (mail scanners open links)', async () => {
  const { w, alarm, get } = await linked();
  const before = await w.history(alarm.id);
  const res = await get();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    user: { id: w.ids.installerA, name: 'inst-a' },
    expiresAt: '2026-11-29T01:22:00.000Z',
    alarm: {
      id: alarm.id,
      line: 'Koelcel 4 te warm',
      priority: 'HIGH',
      location: null,
      dashboard: 'Storingen Alfa',
      receivedAt: '2026-11-28T01:22:00.000Z',
      acknowledged: null,
      resolvedAt: null,
      open: true,
    },
  });
  await get();
  expect(await w.history(alarm.id)).toEqual(before);
  expect((await w.admin.alarm.get({ alarmId: alarm.id })).acknowledgedAt).toBeNull();
});

test('posting acknowledge acts as the link’s person without a session: acknowledged, assigned, history via the link', async () => {
  const { w, alarm, post } = await linked();
  const res = await post('acknowledge');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { message: string; view: { alarm: { acknowledged: unknown } } };
  expect(body.message).toBe('Het alarm is bevestigd.');
  expect(body.view.alarm.acknowledged).toEqual({ at: '2026-11-28T01:22:00.000Z', by: 'inst-a' });
  const detail = await w.admin.alarm.get({ alarmId: alarm.id });
  expect(detail.acknowledgedAt).toBe('2026-11-28T01:22:00.000Z');
  expect(detail.assignees).toEqual([w.ids.installerA]);
  const acknowledged = (await w.history(alarm.id)).find((h) => h.event === 'acknowledged')!;
  expect(acknowledged.actor).toEqual({ type: 'USER', id: w.ids.installerA, name: 'inst-a' });
  expect(acknowledged.details).toEqual({ via: 'link' });
});

test('posting resolve moves the alarm to the resolved folder as the link’s person', async () => {
  const { w, alarm, post } = await linked();
  expect((await post('resolve')).status).toBe(200);
  const detail = await w.admin.alarm.get({ alarmId: alarm.id });
  expect(detail.resolvedAt).not.toBeNull();
  expect(detail.folderId).toBe(w.foldersA.done);
  expect((await w.history(alarm.id)).find((h) => h.event === 'resolved')).toMatchObject({
    actor: { type: 'USER', id: w.ids.installerA },
    details: { via: 'link' },
  });
});

test('a used link answers 409 with a Dutch message, on a second post and on opening it', async () => {
  const { post, get } = await linked();
  await post('acknowledge');
  const again = await post('resolve');
  expect(again.status).toBe(409);
  expect(await again.json()).toMatchObject({ error: { message: 'Deze link is al gebruikt. Open het alarm in de console om verder te werken.' } });
  expect((await get()).status).toBe(409);
});

test('a link expires after 24 hours', async () => {
  const { w, post, get } = await linked();
  w.advance(24 * 3600 - 1);
  expect((await get()).status).toBe(200);
  w.advance(1);
  const res = await post('acknowledge');
  expect(res.status).toBe(409);
  expect(await res.json()).toMatchObject({ error: { message: 'Deze link is verlopen (een link werkt 24 uur). Open het alarm in de console.' } });
});

test('a link acts only on its own alarm: another alarm stays as it was', async () => {
  const { w, alarm, post } = await linked();
  const other = await w.raise('Brandmelding hal 2');
  await w.settle();
  await post('acknowledge');
  expect((await w.admin.alarm.get({ alarmId: alarm.id })).acknowledgedAt).not.toBeNull();
  expect((await w.admin.alarm.get({ alarmId: other.id })).acknowledgedAt).toBeNull();
});

test('an unknown link is a 404, a malformed one a 400, and too many bad posts from one IP a 429', async () => {
  const { post, get } = await linked();
  expect((await get('a'.repeat(43))).status).toBe(404);
  expect((await get('kort')).status).toBe(400);
  let last = 0;
  for (let i = 0; i < 51; i++) last = (await post('acknowledge', `${'b'.repeat(42)}${i % 10}`)).status;
  expect(last).toBe(429);
});

test('a person who can no longer open the dashboard cannot act through an old link', async () => {
  const { w, post } = await linked();
  await w.h.db.updateTable('user').set({ organizationId: w.orgB }).where('id', '=', w.ids.installerA).execute();
  expect((await post('acknowledge')).status).toBe(404);
});

test('the database holds the link only hashed: its table keeps the SHA-256, and no table holds the token itself', async () => {
  const { w, alarm, token } = await linked();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const rows = await w.h.db.selectFrom('actionToken').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ alarmId: alarm.id, userId: w.ids.installerA, tokenHash: createHash('sha256').update(token).digest('hex') });
  // Every table, every row and column (the stored notification and its mail included): the raw token is nowhere.
  const tables = (await w.h.db.introspection.getTables()).map((t) => t.name);
  expect(tables).toContain('actionToken');
  for (const table of tables) {
    const all = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(w.h.db);
    for (const row of all.rows) {
      const text = Object.values(row)
        .map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value)))
        .join('\n');
      expect(text.includes(token), `${table} holds the raw token`).toBe(false);
    }
  }
});
