import { expect, test } from 'vitest';
import { createHarness } from '../testing/harness';

test('/api/openapi.json documents exactly the REST routes the server has', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  const served = h.app.routes
    .filter((r) => /^\/(api|auth)\//.test(r.path) && !r.path.includes('*') && r.path !== '/api/openapi.json')
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  expect([...new Set(documented)].sort()).toEqual([...new Set(served)].sort());
});

test('request bodies come from the shared schemas, with their limits', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const org = doc.paths['/api/organizations'].put.requestBody.content['application/json'].schema;
  expect(org.properties.name.maxLength).toBe(128);
  const list = doc.paths['/api/users/list'].get.parameters.map((p: { name: string }) => p.name);
  expect(list).toEqual(['pageNumber', 'pageSize', 'query']);
});
