import { expect, test } from 'vitest';
import { createHarness } from '../../testing/harness';

test('/api/openapi.json documents exactly the REST routes the server has', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  const served = h.app.routes
    .filter((r) => /^\/(api|auth)\//.test(r.path) && !r.path.includes('*') && r.path !== '/api/openapi.json')
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  expect([...new Set(documented)].sort()).toEqual([...new Set(served)].sort());
});

test('the REST paths are the documented ones, unchanged by generating them from the procedures', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  expect(documented.sort()).toEqual(
    [
      'POST /auth/login',
      'POST /auth/refresh',
      'POST /auth/logout',
      'GET /auth/me',
      'POST /auth/invitation/accept',
      'POST /auth/password-reset',
      'POST /auth/password-reset/confirm',
      'PUT /api/organizations',
      'GET /api/organizations/list',
      'GET /api/organizations/with-locations',
      'GET /api/organization/{id}',
      'PATCH /api/organization/{id}',
      'DELETE /api/organization/{id}',
      'POST /api/locations',
      'GET /api/locations/list',
      'GET /api/location/{id}',
      'PATCH /api/location/{id}',
      'DELETE /api/location/{id}',
      'GET /api/location/{id}/summary',
      'GET /api/v1/locations/{id}/status',
      'GET /api/v1/locations/{id}/month-report',
      'POST /api/users/create',
      'POST /api/users/invite',
      'GET /api/users/list',
      'GET /api/user/{id}',
      'PATCH /api/user/{id}',
      'DELETE /api/user/{id}',
      'POST /api/user/{id}/update-password',
      'POST /api/meters/create',
      'GET /api/meters/list',
      'GET /api/meter/{id}',
      'PATCH /api/meter/{id}',
      'DELETE /api/meter/{id}',
      'GET /api/meterbeheer/feeds/list',
      'POST /api/meterbeheer/feeds/add/{provider}',
      'GET /api/meterbeheer/feed/{uuid}',
      'DELETE /api/meterbeheer/feed/{uuid}',
      'POST /api/meterbeheer/feed/{uuid}/detach',
      'GET /api/meterbeheer/channel/{id}/with-feed',
      'POST /api/meterbeheer/sync',
      'GET /api/meter-channel/{ids}/measurements/aggregate/{granularity}',
      'GET /api/meter-channel/{ids}/measurements/select/{kind}',
      'GET /api/meter-channel/{ids}/measurements/sum/total',
      'GET /api/meter-channel/{ids}/measurements/predict-sum/hourly-at-date',
      'GET /api/meter-channel/{ids}/measurements/predict-sum/total-at-date',
      'GET /api/meter-channel/{ids}/measurements/peak/{granularity}',
      'GET /api/dashboard/locations',
      'GET /api/dashboard/location/{id}',
      'GET /api/jobs',
      'GET /api/admin/overview',
      'GET /api/admin/backups',
      'POST /api/admin/backups',
      'GET /api/admin/backups/{name}',
      'GET /api/admin/system',
      // the alarm area
      'GET /api/v1/alarms/dashboards/search',
      'GET /api/v1/alarms/dashboards/{id}',
      'PATCH /api/v1/alarms/dashboards/{id}',
      'DELETE /api/v1/alarms/dashboards/{id}',
      'POST /api/v1/alarms/dashboards',
      'PATCH /api/v1/alarms/dashboards/{id}/theme',
      'PATCH /api/v1/alarms/dashboards/{id}/settings/default-priority',
      'PATCH /api/v1/alarms/dashboards/{id}/settings/default-folder',
      'PATCH /api/v1/alarms/dashboards/{id}/settings/resolved-folder',
      'PATCH /api/v1/alarms/dashboards/{id}/settings/customizable',
      'PATCH /api/v1/alarms/dashboards/{id}/settings/branding',
      'GET /api/v1/alarms/dashboards/{id}/users',
      'GET /api/v1/alarms/dashboards/{id}/users/{userId}',
      'GET /api/v1/alarms/dashboards/{id}/users-batch/{ids}',
      'GET /api/v1/alarms/dashboards/{id}/folders',
      'POST /api/v1/alarms/dashboards/{id}/folders',
      'PATCH /api/v1/alarms/folders/{id}',
      'DELETE /api/v1/alarms/folders/{id}',
      'PATCH /api/v1/alarms/dashboards/{id}/update-folder-order',
      'POST /api/v1/alarms/folders/{id}/clear',
      'GET /api/v1/alarms/dashboards/{id}/folder-counts',
      'GET /api/v1/alarms/folders/{id}/alarms',
      'POST /api/v1/alarms/folders/{id}/alarms/{ids}',
      'DELETE /api/v1/alarms/folders/{id}/alarms/{ids}',
      'POST /api/v1/alarms/dashboards/{id}/alarms',
      'GET /api/v1/alarms/alarms/{id}',
      'DELETE /api/v1/alarms/alarms/{id}',
      'PATCH /api/v1/alarms/alarms/{id}/deadline',
      'PATCH /api/v1/alarms/alarms/{id}/notes',
      'PATCH /api/v1/alarms/alarms/{id}/folder',
      'PATCH /api/v1/alarms/alarms/{id}/priority',
      'PATCH /api/v1/alarms/alarms/{id}/seen',
      'GET /api/v1/alarms/alarms/{id}/assignees',
      'POST /api/v1/alarms/alarms/{id}/acknowledge',
      'GET /api/v1/alarms/alarms/{id}/history',
      'POST /api/v1/alarms/dashboards/{id}/alarms/acknowledge',
      'POST /api/v1/alarms/dashboards/{id}/alarms/resolve',
      'POST /api/v1/alarms/alarms/{id}/assignees',
      'DELETE /api/v1/alarms/alarms/{id}/assignees/{userId}',
      'GET /api/v1/alarms/dashboards/{id}/alarm-count',
      'GET /api/v1/alarms/dashboards/{id}/assigned-alarm-count',
      'GET /api/v1/alarms/dashboards/{id}/unassigned-alarm-count',
      'GET /api/v1/alarms/dashboards/{id}/periodic-alarm-count',
      'GET /api/v1/alarms/dashboards/{id}/events',
      // the console for a working day
      'GET /api/v1/alarms/dashboards/{id}/alarms',
      'GET /api/v1/alarms/dashboards/{id}/alarms.csv',
      'GET /api/v1/alarms/dashboards/{id}/views',
      'POST /api/v1/alarms/dashboards/{id}/views',
      'PATCH /api/v1/alarms/views/{id}',
      'DELETE /api/v1/alarms/views/{id}',
      // maintenance windows and response times
      'GET /api/v1/alarms/dashboards/{id}/response-times',
      'GET /api/v1/alarms/dashboards/{id}/maintenance-windows',
      'POST /api/v1/alarms/dashboards/{id}/maintenance-windows',
      'POST /api/v1/alarms/maintenance-windows/{id}/end',
      'DELETE /api/v1/alarms/maintenance-windows/{id}',
      // ingest tokens and the inbound hooks
      'GET /api/v1/alarms/dashboards/{id}/ingest-tokens',
      'POST /api/v1/alarms/dashboards/{id}/ingest-tokens',
      'DELETE /api/v1/alarms/ingest-tokens/{id}',
      'POST /api/v1/alarms/hooks/alertmanager',
      'POST /api/v1/alarms/hooks/grafana',
      'POST /api/v1/alarms/hooks/generic',
      // notifications
      'GET /api/v1/alarms/notification-channels',
      'GET /api/v1/alarms/dashboards/{id}/notification-rules',
      'POST /api/v1/alarms/dashboards/{id}/notification-rules',
      'PATCH /api/v1/alarms/notification-rules/{id}',
      'DELETE /api/v1/alarms/notification-rules/{id}',
      'POST /api/v1/alarms/notification-rules/{id}/test',
      // escalation
      'GET /api/v1/alarms/dashboards/{id}/escalation-policies',
      'POST /api/v1/alarms/dashboards/{id}/escalation-policies',
      'GET /api/v1/alarms/escalation-policies/{id}',
      'PATCH /api/v1/alarms/escalation-policies/{id}',
      'DELETE /api/v1/alarms/escalation-policies/{id}',
      'GET /api/v1/alarms/alarms/{id}/escalation',
      'GET /api/v1/alarms/dashboards/{id}/on-call',
      'GET /api/v1/users/me/contact-methods',
      'POST /api/v1/users/me/contact-methods',
      'DELETE /api/v1/contact-methods/{id}',
      'POST /api/v1/contact-methods/{id}/test',
      'GET /api/v1/web-push/public-key',
      'POST /api/v1/web-push/subscription-change',
      'GET /api/v1/users/me/telegram',
      'POST /api/v1/users/me/telegram/code',
      'GET /api/v1/actions/{token}',
      'POST /api/v1/actions/{token}',
      'GET /api/v1/locations/{id}/energy-rules',
      'POST /api/v1/locations/{id}/energy-rules',
      'POST /api/v1/locations/{id}/energy-rules/preview',
      'GET /api/v1/energy-rules/{id}',
      'PATCH /api/v1/energy-rules/{id}',
      'DELETE /api/v1/energy-rules/{id}',
      'POST /api/v1/energy-rules/{id}/preview',
      'GET /api/v1/alarms/dashboards/{id}/notifications',
      'POST /api/v1/alarms/notifications/{id}/retry',
      // mail
      'GET /api/v1/alarms/dashboards/{id}/email-alarm-sources',
      'POST /api/v1/alarms/dashboards/{id}/email-alarm-sources',
      'POST /api/v1/alarms/dashboards/{id}/email-alarm-sources/test',
      'DELETE /api/v1/alarms/dashboards/{id}/email-alarm-sources/{sourceId}',
      'PATCH /api/v1/alarms/sources/{id}',
      'POST /api/v1/alarms/sources/{id}/test',
      'POST /api/v1/alarms/sources/{id}/fetch-now',
      'GET /api/v1/alarms/dashboards/{id}/mail-addresses',
      'POST /api/v1/alarms/dashboards/{id}/mail-addresses',
      'DELETE /api/v1/alarms/mail-addresses/{id}',
      'GET /api/v1/alarms/dashboards/{id}/emails',
      'GET /api/v1/alarms/emails/{id}',
      'GET /api/v1/alarms/emails/{id}/parsing-attempts',
      'POST /api/v1/alarms/emails/{id}/reparse',
      'PATCH /api/v1/alarms/emails/{id}/read',
      'POST /api/v1/alarms/dashboards/{id}/emails/reparse-rejected',
      'GET /api/v1/alarms/dashboards/{id}/alarm-email-parsers',
      'POST /api/v1/alarms/dashboards/{id}/alarm-email-parsers',
      'GET /api/v1/alarms/alarm-email-parsers/{id}',
      'PATCH /api/v1/alarms/alarm-email-parsers/{id}',
      'DELETE /api/v1/alarms/alarm-email-parsers/{id}',
      'GET /api/v1/alarms/alarm-email-parser-sources',
      'POST /api/v1/alarms/alarm-email-parsers/{id}/dry-run',
      'POST /api/v1/alarms/dashboards/{id}/alarm-email-parsers/dry-run',
      // on-call schedules and the calendar feed's address
      'GET /api/v1/organizations/{id}/schedules',
      'POST /api/v1/organizations/{id}/schedules',
      'GET /api/v1/schedules/{id}',
      'PATCH /api/v1/schedules/{id}',
      'DELETE /api/v1/schedules/{id}',
      'POST /api/v1/schedules/{id}/overrides',
      'DELETE /api/v1/overrides/{id}',
      'GET /api/v1/schedules/{id}/on-call',
      'GET /api/v1/schedules/{id}/shifts',
      'GET /api/v1/users/me/calendar-url',
      'POST /api/v1/users/me/calendar-url/reset',
      'GET /api/v1/calendar/{file}',
    ].sort(),
  );
});

test('every operation has a unique operationId (its procedure), path parameters and, unless 204, a response schema', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  const ops = Object.entries(
    doc.paths as Record<
      string,
      Record<string, { operationId: string; parameters: { name: string; in: string }[]; responses: Record<string, { content?: unknown }> }>
    >,
  ).flatMap(([path, methods]) => Object.values(methods).map((op) => ({ path, ...op })));
  expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  for (const op of ops) {
    const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(op.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(inPath);
    const [status, response] = Object.entries(op.responses)[0]!;
    if (status !== '204') expect(response.content, `${op.operationId} documents its answer`).toBeDefined();
  }
  expect(doc.paths['/api/organization/{id}'].get.operationId).toBe('organization.get');
  expect(doc.paths['/api/organization/{id}'].get.responses['200'].content['application/json'].schema.properties.locations.type).toBe('array');
});

test('request bodies come from the shared schemas, with their limits', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const org = doc.paths['/api/organizations'].put.requestBody.content['application/json'].schema;
  expect(org.properties.name.maxLength).toBe(128);
  const list = doc.paths['/api/users/list'].get.parameters.map((p: { name: string }) => p.name);
  expect(list).toEqual(['pageNumber', 'pageSize', 'query']);
  // path parameters are not asked for again in the body
  const rename = doc.paths['/api/organization/{id}'].patch.requestBody.content['application/json'].schema;
  expect(Object.keys(rename.properties)).toEqual(['name', 'contact']);
});

test('required body fields are required, without a default their own limits reject', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const login = doc.paths['/auth/login'].post.requestBody.content['application/json'].schema;
  expect(login.required).toEqual(['email', 'password']);
  expect(login.properties.email).not.toHaveProperty('default');
  expect(JSON.stringify(doc)).not.toContain('"default":""');
});

test('required query parameters are marked required', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const required = (path: string) =>
    doc.paths[path].get.parameters.filter((p: { in: string; required: boolean }) => p.in === 'query' && p.required).map((p: { name: string }) => p.name);
  expect(required('/api/meter-channel/{ids}/measurements/sum/total')).toEqual(['from', 'to']);
  expect(required('/api/meter-channel/{ids}/measurements/predict-sum/total-at-date')).toEqual(['date']);
  expect(required('/api/v1/alarms/alarm-email-parser-sources')).toEqual(['dashboardId']);
  expect(required('/api/users/list')).toEqual([]);
});

test('the parser create body documents the parser itself, not only {index?}', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const body = JSON.stringify(doc.paths['/api/v1/alarms/dashboards/{id}/alarm-email-parsers'].post.requestBody.content['application/json'].schema);
  for (const key of ['"index"', '"type"', '"name"', '"config"', '"code"']) expect(body).toContain(key);
  expect(body).not.toContain('"dashboardId"');
});

test('a typed client learns exactly what the server takes: every provider, a gas meter’s channel, the hook’s two forms, typed rule and source PATCHes', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
  const provider = doc.paths['/api/meterbeheer/feeds/add/{provider}'].post.parameters.find((p: { name: string }) => p.name === 'provider');
  expect([...provider.schema.enum].sort()).toEqual(['anexo', 'fudura', 'joulz', 'kenter', 'meetbedrijf', 'solaredge']);
  const gas = body('/api/meters/create', 'post').anyOf.find((o: { properties: { type: { const: string } } }) => o.properties.type.const === 'gas');
  expect(gas.required).toContain('netImportChannel');
  expect(gas.properties.netImportChannel).toMatchObject({ type: 'object', required: ['type', 'id'] });
  const hook = body('/api/v1/alarms/hooks/generic', 'post');
  expect(hook.anyOf.map((o: { required: string[] }) => o.required)).toEqual([['alerts'], ['line']]);
  const rule = body('/api/v1/energy-rules/{id}', 'patch');
  expect(rule.required).toEqual([]);
  expect(rule.properties.limitKw).toMatchObject({ type: 'number' });
  expect(rule.properties.type.enum).toContain('BASE_LOAD');
  expect(Object.values(rule.properties).every((p) => Object.keys(p as object).length > 0)).toBe(true);
  const source = body('/api/v1/alarms/sources/{id}', 'patch');
  expect(source.required).toEqual([]);
  expect(source.properties.pollIntervalSeconds.default).toBeUndefined();
});

test('the 3.1 document holds no draft-07 $schema, and tuples are valid 2020-12 arrays', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  expect(JSON.stringify(doc)).not.toContain('$schema');
  const headers = doc.paths['/api/v1/alarms/emails/{id}'].get.responses['200'].content['application/json'].schema.properties.headers;
  expect(headers.items).toEqual({ type: 'array', items: { type: 'string' }, prefixItems: [{ type: 'string' }, { type: 'string' }], minItems: 2, maxItems: 2 });
});

test('every operation has a tag and a one-line summary, and every tag is declared', async () => {
  const h = await createHarness();
  const doc = await (await h.request('/api/openapi.json')).json();
  const declared = new Set(doc.tags.map((t: { name: string }) => t.name));
  for (const methods of Object.values(doc.paths as Record<string, Record<string, { tags: string[]; summary: string; operationId: string }>>)) {
    for (const op of Object.values(methods)) {
      expect(op.tags, op.operationId).toEqual([op.operationId.split('.')[0]]);
      expect(declared.has(op.tags[0])).toBe(true);
      expect(op.summary).toMatch(/^[^\n]+$/);
    }
  }
});
