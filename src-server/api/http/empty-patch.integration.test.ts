/**
 * Every PATCH whose fields are all optional takes a body with nothing to change (`{}`, or only keys
 * the schema drops) as "change nothing": 200 with the resource as it was, never a 500 from an
 * `update … set` without columns (audit-energy-console item 1).
 */
import { expect, test } from 'vitest';
import { addStoringenFolder, createAlarmWorld, unreachableImap } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';

test('PATCH {} on a view, a folder, a parser and a mail source answers 200 and changes nothing', async () => {
  const w = await createAlarmWorld();
  const api = async (method: string, path: string, json?: unknown) => {
    const res = await w.h.request(`${V1}${path}`, { method, json, token: w.tokens.installerA });
    return { status: res.status, body: await res.json() };
  };
  const folder = await addStoringenFolder(w);
  const parser = await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, { type: 'DEFAULT', name: 'Brand', config: { line: 'Brand' } });
  const source = await api('POST', `/dashboards/${w.dashA.id}/email-alarm-sources`, unreachableImap('Postbus'));
  const view = await api('POST', `/dashboards/${w.dashA.id}/views`, { name: 'Hoog', filter: { priority: 'HIGH' } });
  expect([parser.status, source.status, view.status]).toEqual([201, 201, 201]);

  for (const [path, before] of [
    [`/views/${view.body.id}`, view.body],
    [`/folders/${folder.id}`, folder],
    [`/alarm-email-parsers/${parser.body.id}`, parser.body],
    [`/sources/${source.body.id}`, source.body],
  ] as const)
    for (const body of [{}, { onbekend: 1 }]) {
      const res = await api('PATCH', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
      expect(res.body, path).toMatchObject({ id: before.id, name: before.name });
    }
});
