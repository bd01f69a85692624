import { expect, test } from 'vitest';
import type { Priority } from '@/domain/alarm-dashboard';
import { createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';
const empty = { raised: 0, acknowledged: 0, resolved: 0, ackMedianSeconds: null, ackP90Seconds: null, resolveMedianSeconds: null, resolveP90Seconds: null };

// 25 Oct, ack [60, 120, 300]: median rank ⌈1.5⌉ = 2, p90 rank ⌈2.7⌉ = 3; resolve [600, 3600]: ranks 1 and 2
const oct25 = {
  date: '2026-10-25',
  raised: 4,
  acknowledged: 3,
  resolved: 2,
  ackMedianSeconds: 120,
  ackP90Seconds: 300,
  resolveMedianSeconds: 600,
  resolveP90Seconds: 3600,
};
const oct26 = {
  date: '2026-10-26',
  raised: 1,
  acknowledged: 1,
  resolved: 1,
  ackMedianSeconds: 30,
  ackP90Seconds: 30,
  resolveMedianSeconds: 90,
  resolveP90Seconds: 90,
};

/** Alarms around the end of summer time (25 Oct 2026, a 25-hour day), with times set by hand. */
async function world() {
  const w = await createAlarmWorld();
  const at = async (iso: string, ack: number | null, resolve: number | null, priority: Priority = 'MEDIUM', folderId?: number) => {
    const { id } = await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: iso, priority, ...(folderId ? { folderId } : {}) });
    const receivedAt = Date.parse(iso) / 1000;
    await w.h.db
      .updateTable('alarm')
      .set({ receivedAt, acknowledgedAt: ack === null ? null : receivedAt + ack, resolvedAt: resolve === null ? null : receivedAt + resolve })
      .where('id', '=', id)
      .execute();
  };
  await at('2026-10-24T22:30:00Z', 60, 600, 'LOW'); // 25 Oct 00:30 local (CEST)
  await at('2026-10-25T10:00:00Z', 300, null);
  await at('2026-10-25T12:00:00Z', null, null, 'HIGH');
  await at('2026-10-25T22:30:00Z', 120, 3600); // 25 Oct 23:30 local (CET)
  await at('2026-10-25T15:00:00Z', 1, 1, 'HIGH', w.foldersA.trash); // in the trash: left out
  await at('2026-10-25T23:30:00Z', 30, 90); // 26 Oct 00:30 local
  const get = (query: string, token = w.tokens.installerA) => w.h.request(`${V1}/dashboards/${w.dashA.id}/response-times?${query}`, { token });
  return { ...w, get };
}

test('per local day across the DST change: counts of the bucket’s alarms and nearest-rank median and p90; empty buckets present', async () => {
  const w = await world();
  expect(await (await w.get('from=2026-10-24&to=2026-10-27&granularity=day')).json()).toEqual([{ date: '2026-10-24', ...empty }, oct25, oct26]);
});

test('per ISO week and per month, and per priority', async () => {
  const w = await world();
  expect(await (await w.get('from=2026-10-19&to=2026-11-02&granularity=week')).json()).toEqual([{ ...oct25, date: '2026-10-19' }, oct26]);
  // ack [30, 60, 120, 300]: ranks ⌈2⌉ = 2 and ⌈3.6⌉ = 4; resolve [90, 600, 3600]: ranks 2 and 3
  expect(await (await w.get('from=2026-10-01&to=2026-12-01&granularity=month')).json()).toEqual([
    {
      date: '2026-10-01',
      raised: 5,
      acknowledged: 4,
      resolved: 3,
      ackMedianSeconds: 60,
      ackP90Seconds: 300,
      resolveMedianSeconds: 600,
      resolveP90Seconds: 3600,
    },
    { date: '2026-11-01', ...empty },
  ]);
  expect(await (await w.get('from=2026-10-25&to=2026-10-26&granularity=day&priority=HIGH')).json()).toEqual([{ date: '2026-10-25', ...empty, raised: 1 }]);
  expect(await (await w.get('from=2026-10-25&to=2026-10-26&granularity=day&priority=LOW')).json()).toEqual([
    { date: '2026-10-25', raised: 1, acknowledged: 1, resolved: 1, ackMedianSeconds: 60, ackP90Seconds: 60, resolveMedianSeconds: 600, resolveP90Seconds: 600 },
  ]);
});

test('per location: only the alarms of that location count (a month report per location)', async () => {
  const w = await world();
  await w.h.db.updateTable('alarm').set({ locationId: w.a2 }).where('line', 'in', ['2026-10-25T10:00:00Z', '2026-10-25T22:30:00Z']).execute();
  // ack [120, 300]: ranks 1 and 2; resolve [3600]
  expect(await (await w.get(`from=2026-10-01&to=2026-11-01&granularity=month&locationId=${w.a2}`)).json()).toEqual([
    {
      date: '2026-10-01',
      raised: 2,
      acknowledged: 2,
      resolved: 1,
      ackMedianSeconds: 120,
      ackP90Seconds: 300,
      resolveMedianSeconds: 3600,
      resolveP90Seconds: 3600,
    },
  ]);
  expect(await (await w.get(`from=2026-10-01&to=2026-11-01&granularity=month&locationId=${w.a1}`)).json()).toEqual([{ date: '2026-10-01', ...empty }]);
  const bad = await w.get('from=2026-10-01&to=2026-11-01&granularity=month&locationId=abc');
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.fieldErrors).toEqual({ locationId: ['Filter op het id van een locatie.'] });
});

test('bad queries answer 400 with field messages; a foreign dashboard is 404, a customer 403', async () => {
  const w = await world();
  const bad = await w.get('from=2026-02-30&to=2026-01-01&granularity=year&priority=URGENT');
  expect(bad.status).toBe(400);
  expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['from', 'granularity', 'priority']);
  const reversed = await (await w.get('from=2026-10-02&to=2026-10-01&granularity=day')).json();
  expect(reversed.error.fieldErrors).toEqual({ to: ['`to` moet na `from` liggen.'] });
  expect((await w.get('from=2026-10-01&to=2026-10-02&granularity=day', w.tokens.installerB)).status).toBe(404);
  expect((await w.get('from=2026-10-01&to=2026-10-02&granularity=day', w.tokens.customerA)).status).toBe(403);
});
