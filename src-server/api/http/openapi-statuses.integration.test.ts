/**
 * The statuses /api/openapi.json documents per operation are explicit (orval's client does not
 * compile against a `4XX` range) and cover what the server answers: every operation is called by
 * each kind of caller, and any status it gets must be documented for it.
 */
import { expect, test } from 'vitest';
import { createWorld } from '../../testing/world';

type Parameter = { name: string; in: string; schema: { type?: string; enum?: string[]; anyOf?: { const?: string }[] } };
type Operation = { operationId: string; parameters: Parameter[]; responses: Record<string, { $ref?: string }>; requestBody?: unknown };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, { headers?: Record<string, unknown> }> } };

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), ...op })));

/** A path value the parameter accepts: the first choice of a choice, else id 1. */
function sample(p: Parameter) {
  return p.schema.enum?.[0] ?? p.schema.anyOf?.find((o) => o.const)?.const ?? '1';
}

test('every operation lists its error statuses one by one, with one shared error body and Retry-After on 429', async () => {
  const { h } = await createWorld();
  const doc: Doc = await (await h.request('/api/openapi.json')).json();
  const statusesOf = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);
  for (const op of operations(doc))
    expect(
      Object.keys(op.responses).filter((s) => !/^\d{3}$/.test(s)),
      op.operationId,
    ).toEqual([]);
  expect(statusesOf('/auth/login', 'post')).toEqual(['200', '400', '401', '404', '413', '415', '429']);
  expect(statusesOf('/auth/me', 'get')).toEqual(['200', '401']);
  expect(statusesOf('/api/organizations/with-locations', 'get')).toEqual(['200', '401', '403']);
  expect(statusesOf('/api/organization/{id}', 'delete')).toEqual(['204', '400', '401', '403', '404', '409', '413', '415']);
  expect(statusesOf('/api/meterbeheer/feeds/add/{provider}', 'post')).toEqual(['201', '400', '401', '403', '413', '415', '502']);
  expect(statusesOf('/api/meter-channel/{ids}/measurements/sum/total', 'get')).toEqual(['200', '400', '401', '404']);
  expect(doc.paths['/auth/login']!.post!.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
  expect(doc.components.responses.TooManyRequests!.headers).toHaveProperty('Retry-After');
});

test('each status a caller gets is documented for that operation', async () => {
  const { h, tokens } = await createWorld();
  const doc: Doc = await (await h.request('/api/openapi.json')).json();
  // Signing out ends the admin's session: last, so the other calls run signed in.
  const ops = operations(doc).sort((a, b) => Number(a.operationId === 'auth.logout') - Number(b.operationId === 'auth.logout'));
  const undocumented: string[] = [];
  for (const token of [undefined, tokens.customerA, tokens.installerB, tokens.admin]) {
    for (const op of ops) {
      const path = op.parameters.filter((p) => p.in === 'path').reduce((s, p) => s.replace(`{${p.name}}`, sample(p)), op.path);
      const res = await h.request(path, { method: op.method, token, ...(op.method === 'GET' ? {} : { json: {} }) });
      await res.body?.cancel();
      if (!(String(res.status) in op.responses)) undocumented.push(`${op.method} ${path} as ${token ? 'signed in' : 'nobody'}: ${res.status}`);
    }
  }
  expect(undocumented).toEqual([]);
});
