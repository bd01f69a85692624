/** What the REST adapter answers around the procedures: missing query keys, ids past 2^53, methods a path does not take. */
import { expect, test } from 'vitest';
import { createWorld } from '../../testing/world';

test('a GET without a required query key answers 400 naming it in Dutch', async () => {
  const { h, tokens } = await createWorld();
  const res = await h.request('/api/meter-channel/1/measurements/sum/total?to=2024-01-02', { token: tokens.admin });
  expect(res.status).toBe(400);
  expect((await res.json()).error.fieldErrors).toEqual({ from: ['from moet worden opgegeven (JJJJ-MM-DDTUU:mm:ss).'] });
  const sources = await h.request('/api/v1/alarms/alarm-email-parser-sources', { token: tokens.admin });
  expect((await sources.json()).error.fieldErrors).toEqual({ dashboardId: ['Geef dashboardId als een positief geheel getal.'] });
});

test('an id past 2^53 answers 404 on every path with a numeric id', async () => {
  const { h, tokens } = await createWorld();
  const doc = await (await h.request('/api/openapi.json')).json();
  const huge = '9007199254740993';
  const answers: string[] = [];
  for (const [path, methods] of Object.entries(
    doc.paths as Record<string, Record<string, { parameters: { name: string; in: string; schema: { type?: string } }[] }>>,
  )) {
    for (const [method, op] of Object.entries(methods)) {
      const ids = op.parameters.filter((p) => p.in === 'path' && p.schema.type === 'integer');
      if (ids.length === 0) continue;
      const url = op.parameters.filter((p) => p.in === 'path').reduce((s, p) => s.replace(`{${p.name}}`, ids.includes(p) ? huge : '1'), path);
      // No body: the id is checked before one is read.
      const res = await h.request(url, { method: method.toUpperCase(), token: tokens.admin });
      await res.body?.cancel();
      if (res.status !== 404) answers.push(`${method.toUpperCase()} ${url}: ${res.status}`);
    }
  }
  expect(answers).toEqual([]);
});

test('a method a known path does not take answers 405 with Allow; an unknown path stays 404', async () => {
  const { h, tokens } = await createWorld();
  const res = await h.request('/api/organization/1', { method: 'POST', token: tokens.admin, json: {} });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, PATCH, DELETE');
  expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  expect((await h.request('/auth/login', { method: 'GET' })).headers.get('allow')).toBe('POST');
  expect((await h.request('/api/organisation/1', { method: 'POST', token: tokens.admin, json: {} })).status).toBe(404);
});
