import { describe, expect, test } from 'vitest';
import { createWorld } from '../../testing/world';

describe('organizations over REST', () => {
  test('PUT /api/organizations creates one and GET /api/organization/{id} reads it back', async () => {
    const { h, tokens } = await createWorld();
    const created = await h.request('/api/organizations', { method: 'PUT', token: tokens.admin, json: { name: '  Charlie Energie  ' } });
    expect(created.status).toBe(201);
    const org = await created.json();
    expect(org).toEqual({ id: expect.any(Number), name: 'Charlie Energie', contact: { phone: null, email: null, hours: null }, locations: [] });
    const read = await h.request(`/api/organization/${org.id}`, { token: tokens.admin });
    expect(await read.json()).toEqual(org);
  });

  test('the list pages on the server and searches case-insensitively', async () => {
    const { h, tokens } = await createWorld();
    for (let i = 0; i < 23; i++) await h.organization(`Test ${String(i).padStart(2, '0')}`);
    const page = async (qs: string) => (await h.request(`/api/organizations/list?${qs}`, { token: tokens.admin })).json();

    const first = await page('pageNumber=0&pageSize=10');
    expect(first.totalNumberOfPages).toBe(3); // 25 organizations
    expect(first.organizations).toHaveLength(10);
    expect(first.organizations[0].name).toBe('Alfa Installaties');
    expect((await page('pageNumber=2&pageSize=10')).organizations).toHaveLength(5);
    expect((await page('')).organizations).toHaveLength(20);

    const found = await page('query=ALFA');
    expect(found.organizations.map((o: { name: string }) => o.name)).toEqual(['Alfa Installaties']);
    expect(found.organizations[0].locations.map((l: { name: string }) => l.name)).toEqual(['Alfa Kantoor', 'Alfa Magazijn']);
    expect(await page('query=%25')).toEqual({ organizations: [], totalNumberOfPages: 0 });
  });

  test.each([
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageNumber=-1', 'pageNumber'],
    ['pageNumber=abc', 'pageNumber'],
  ])('list with %s is a 400 naming the field', async (qs, field) => {
    const { h, tokens } = await createWorld();
    const res = await h.request(`/api/organizations/list?${qs}`, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fieldErrors)).toEqual([field]);
  });

  test('with-locations gives every organization with its locations', async () => {
    const { h, tokens, orgA, orgB } = await createWorld();
    const all = await (await h.request('/api/organizations/with-locations', { token: tokens.admin })).json();
    expect(all.map((o: { id: number; locations: unknown[] }) => [o.id, o.locations.length])).toEqual([
      [orgA, 2],
      [orgB, 1],
    ]);
  });

  test('absent or malformed ids: 404 for absent, 400 for non-numeric', async () => {
    const { h, tokens } = await createWorld();
    expect((await h.request('/api/organization/9999', { token: tokens.admin })).status).toBe(404);
    expect((await h.request('/api/organization/9999', { method: 'DELETE', token: tokens.admin })).status).toBe(404);
    const bad = await h.request('/api/organization/abc', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fieldErrors)).toEqual(['id']);
  });

  test('deleting an organization with locations or installers is refused with what blocks it', async () => {
    const { h, tokens, orgA } = await createWorld();
    const res = await h.request(`/api/organization/${orgA}`, { method: 'DELETE', token: tokens.admin });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('De organisatie kan niet worden verwijderd: er horen nog 2 locaties en 1 installateur bij.');
    expect((await h.request(`/api/organization/${orgA}`, { token: tokens.admin })).status).toBe(200);

    const empty = await h.organization('Leeg');
    expect((await h.request(`/api/organization/${empty}`, { method: 'DELETE', token: tokens.admin })).status).toBe(204);
    expect((await h.request(`/api/organization/${empty}`, { token: tokens.admin })).status).toBe(404);
  });

  test('deleting an organization that still owns feeds or alarm dashboards is a 409 naming them, never a 500', async () => {
    const { h, tokens } = await createWorld();
    const org = await h.organization('Charlie');
    await h.feed({ uuid: 'feed-1', name: 'Stroom', organizationId: org });
    await h.feed({ uuid: 'feed-2', name: 'Gas', organizationId: org });
    const res = await h.request(`/api/organization/${org}`, { method: 'DELETE', token: tokens.admin });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('De organisatie kan niet worden verwijderd: er horen nog 2 feeds (Gas, Stroom) bij.');

    await h.db.deleteFrom('feed').execute();
    await (await h.caller(tokens.admin)).alarmDashboard.create({ name: 'Storingen', organizationId: org });
    const dashboards = await h.request(`/api/organization/${org}`, { method: 'DELETE', token: tokens.admin });
    expect(dashboards.status).toBe(409);
    expect((await dashboards.json()).error.message).toBe('De organisatie kan niet worden verwijderd: er horen nog 1 alarmdashboard (Storingen) bij.');
    expect((await h.request(`/api/organization/${org}`, { token: tokens.admin })).status).toBe(200);
  });

  test.each([
    ['missing', {}, 'De naam van de organisatie moet worden opgegeven.'],
    ['blank', { name: '   ' }, 'De naam van de organisatie moet worden opgegeven.'],
    ['too long', { name: 'x'.repeat(129) }, 'De naam van de organisatie mag maximaal 128 tekens lang zijn.'],
    ['wrong type', { name: 42 }, 'De naam van de organisatie moet worden opgegeven.'],
    ['control characters', { name: 'Alfa\u0000Beta' }, 'Dit veld bevat ongeldige tekens.'],
  ])('a %s name is a 400 with a Dutch field error and stores nothing', async (_n, body, message) => {
    const { h, tokens } = await createWorld();
    const res = await h.request('/api/organizations', { method: 'PUT', token: tokens.admin, json: body });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fieldErrors).toEqual({ name: [message] });
    expect(await h.db.selectFrom('organization').select('id').execute()).toHaveLength(2);
  });

  test('markup and SQL in a name are stored as plain text', async () => {
    const { h, tokens } = await createWorld();
    const name = `<img src=x onerror=alert(1)>'; drop table organization; --`;
    const org = await (await h.request('/api/organizations', { method: 'PUT', token: tokens.admin, json: { name } })).json();
    expect(org.name).toBe(name);
    expect((await (await h.request('/api/organizations/list', { token: tokens.admin })).json()).organizations).toHaveLength(3);
  });

  test('PATCH renames an organization', async () => {
    const { h, tokens, orgB } = await createWorld();
    const res = await h.request(`/api/organization/${orgB}`, { method: 'PATCH', token: tokens.admin, json: { name: 'Bravo BV' } });
    expect((await res.json()).name).toBe('Bravo BV');
  });
});
