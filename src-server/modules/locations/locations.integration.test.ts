import { describe, expect, test } from 'vitest';
import { createWorld, newLocation } from '../../testing/world';

describe('locations over REST', () => {
  test('POST /api/locations creates one with every field; GET reads it back with its organization', async () => {
    const { h, tokens, orgB } = await createWorld();
    const res = await h.request('/api/locations', { method: 'POST', token: tokens.admin, json: { ...newLocation(orgB), unit: ' 3a ' } });
    expect(res.status).toBe(201);
    const location = await res.json();
    expect(location).toEqual({
      id: expect.any(Number),
      ...newLocation(orgB),
      unit: '3a',
      organizationName: 'Bravo Techniek',
      customerView: 'NONE',
      monthlyMail: false,
    });
    expect(await (await h.request(`/api/location/${location.id}`, { token: tokens.admin })).json()).toEqual(location);
  });

  test('the summary gives id, name and meters', async () => {
    const { h, tokens, a1 } = await createWorld();
    const summary = await (await h.request(`/api/location/${a1}/summary`, { token: tokens.admin })).json();
    expect(summary).toEqual({ id: a1, name: 'Alfa Kantoor', meters: [] });
  });

  test('the list pages and matches name, city or organization', async () => {
    const { h, tokens } = await createWorld();
    const list = async (qs: string) => (await h.request(`/api/locations/list?${qs}`, { token: tokens.admin })).json();
    expect((await list('pageSize=2')).totalNumberOfPages).toBe(2);
    expect((await list('query=bravo')).locations.map((l: { name: string }) => l.name)).toEqual(['Bravo Hal']);
    expect((await list('query=magazijn')).locations).toHaveLength(1);
    expect(await list('query=nergens')).toEqual({ locations: [], totalNumberOfPages: 0 });
  });

  test('every field is validated with a Dutch message and nothing is stored', async () => {
    const { h, tokens, orgA } = await createWorld();
    const res = await h.request('/api/locations', {
      method: 'POST',
      token: tokens.admin,
      json: { organizationId: 'x', name: '', country: 'x'.repeat(65), city: 5, streetAddress: ' ', zipcode: '1'.repeat(17), unit: 'u'.repeat(33) },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fieldErrors).toEqual({
      organizationId: ['Kies een organisatie.'],
      name: ['De naam van de locatie moet worden opgegeven.'],
      streetAddress: ['Het adres moet worden opgegeven.'],
      unit: ['De toevoeging mag maximaal 32 tekens lang zijn.'],
      zipcode: ['De postcode mag maximaal 16 tekens lang zijn.'],
      city: ['De plaats moet worden opgegeven.'],
      state: ['De provincie moet worden opgegeven.'],
      country: ['Het land mag maximaal 64 tekens lang zijn.'],
    });
    const unknownOrg = await h.request('/api/locations', { method: 'POST', token: tokens.admin, json: newLocation(9999) });
    expect(unknownOrg.status).toBe(400);
    expect(await h.db.selectFrom('location').select('id').where('organizationId', '=', orgA).execute()).toHaveLength(2);
  });

  test('malformed JSON or a non-object body is a 400', async () => {
    const { h, tokens } = await createWorld();
    for (const body of ['{"name":', '[1,2]', '"tekst"']) {
      const res = await h.request('/api/locations', { method: 'POST', token: tokens.admin, body, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
  });

  test('a location with customers cannot be deleted; an unused one can', async () => {
    const { h, tokens, a1, a2 } = await createWorld();
    const blocked = await h.request(`/api/location/${a1}`, { method: 'DELETE', token: tokens.admin });
    expect(blocked.status).toBe(409);
    expect((await blocked.json()).error.message).toBe('De locatie kan niet worden verwijderd: er is nog 1 klant aan gekoppeld.');
    expect((await h.request(`/api/location/${a2}`, { method: 'DELETE', token: tokens.admin })).status).toBe(204);
    expect((await h.request(`/api/location/${a2}`, { token: tokens.admin })).status).toBe(404);
  });

  test('PATCH edits every field', async () => {
    const { h, tokens, a2, orgA } = await createWorld();
    const res = await h.request(`/api/location/${a2}`, { method: 'PATCH', token: tokens.admin, json: { ...newLocation(orgA, 'Alfa Depot'), unit: '' } });
    expect(await res.json()).toMatchObject({ id: a2, name: 'Alfa Depot', city: 'Haarlem', unit: null });
  });
});
