import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { addDefaultParser, deliver, drain, rawMail } from '../alarm-parsers/parser-test-kit';
import { raise } from './lifecycle';

const V1 = '/api/v1/alarms';
const alertmanager = JSON.parse(readFileSync(path.join(import.meta.dirname, '../alarm-hooks/testdata/alertmanager-v4.json'), 'utf8'));

test('each list item says where the alarm came from: an e-mail, a hook, an energy rule or a user in the console (REST and tRPC, list and detail)', async () => {
  const w = await createAlarmWorld({ clock: () => new Date('2026-11-25T09:00:00Z') });
  const byLine = async (line: string) => (await w.h.db.selectFrom('alarm').select('id').where('line', '=', line).executeTakeFirstOrThrow()).id;

  const manual = (await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Klant belde: pomp lekt' })).id;
  await addDefaultParser(w, { name: 'Alles', config: { line: 'Storing via mail' } });
  await deliver(w, rawMail('Koeling', 'Temperatuur te hoog'));
  await drain(w);
  const mail = await byLine('Storing via mail');
  const { token } = (await (
    await w.h.request(`${V1}/dashboards/${w.dashA.id}/ingest-tokens`, { method: 'POST', token: w.tokens.installerA, json: { name: 'Prometheus' } })
  ).json()) as { token: string };
  expect((await w.h.request(`${V1}/hooks/alertmanager`, { method: 'POST', token, json: alertmanager })).status).toBe(200);
  const hook = (await w.h.db.selectFrom('alarm').select('id').where('line', 'like', 'BlackBox Probe Failure%').executeTakeFirstOrThrow()).id;
  // An energy rule raises through the lifecycle as SYSTEM with its `energy:` key (energy-evaluation.ts).
  const folderId = (await w.h.db.selectFrom('alarm').select('folderId').where('id', '=', manual).executeTakeFirstOrThrow()).folderId;
  const energy = (
    await w.h.db.transaction().execute((trx) =>
      raise(trx, Date.parse('2026-11-25T09:00:00Z') / 1000, { type: 'SYSTEM', name: 'Gecontracteerd vermogen' }, w.dashA.id, {
        line: 'Vermogen 4,1 kW boven 3,4 kW',
        priority: 'MEDIUM',
        data: {},
        deadlineAt: null,
        folderId,
        key: 'energy:1:2026-11-24',
        windowSeconds: null,
        alarmEmailId: null,
      }),
    )
  ).alarmId;

  const expected = { [manual]: 'MANUAL', [mail]: 'MAIL', [hook]: 'HOOK', [energy]: 'ENERGY' };
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms?size=100`, { token: w.tokens.installerA });
  expect(res.status).toBe(200);
  const listed = ((await res.json()) as { alarms: { id: number; source: string }[] }).alarms.filter((a) => a.id in expected);
  expect(Object.fromEntries(listed.map((a) => [a.id, a.source]))).toEqual(expected);
  // tRPC's detail carries the same field.
  for (const [id, source] of Object.entries(expected)) expect((await w.callers.installerA.alarm.get({ alarmId: Number(id) })).source).toBe(source);
});
