import { afterEach, describe, expect, test } from 'vitest';
import { createWorld } from '../../testing/world';
import { createHarness } from '../../testing/harness';
import { deleteFeed } from './meterbeheer.service';
import { callerOf } from '../../platform/caller';
import { type HubSimulator, startHubSimulator } from './hub-simulator/hub-simulator';

let sim: HubSimulator;
afterEach(() => sim?.close());

async function setup() {
  sim = await startHubSimulator({ now: () => new Date('2024-11-15T12:00:00Z') });
  const h = await createHarness({ hub: { baseUrl: sim.baseUrl, apiKey: sim.apiKey, historyDays: 3 }, clock: () => new Date('2024-11-15T12:00:00Z') });
  const org = await h.organization('Alfa');
  const other = await h.organization('Bravo');
  const location = await h.location(org, 'Kantoor');
  await h.user('admin', 'admin@example.nl');
  await h.user('installer', 'inst@example.nl', { organizationId: org });
  await h.user('installer', 'ander@example.nl', { organizationId: other });
  const admin = (await h.signIn('admin@example.nl')).accessToken;
  const installer = (await h.signIn('inst@example.nl')).accessToken;
  const stranger = (await h.signIn('ander@example.nl')).accessToken;
  return { h, admin, installer, stranger, location };
}

const kenter = {
  name: 'Stroom',
  postalCode: '1234 AB',
  houseNumber: '1',
  meterKind: 'electricity',
  ean: '871234567890123456',
  username: 'gebruiker',
  password: 'wachtwoord',
};

describe('feeds over REST', () => {
  test('adding a feed goes to the HUB, stores a copy and never returns the secrets', async () => {
    const { h, admin } = await setup();
    const res = await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter });
    expect(res.status).toBe(201);
    const feed = await res.json();
    expect(feed).toMatchObject({
      provider: 'kenter',
      name: 'Stroom',
      meterKind: 'electricity',
      status: 'verified',
      attached: false,
      ean: '871234567890123456',
    });
    expect(JSON.stringify(feed)).not.toContain('wachtwoord');
    expect(JSON.stringify(feed)).not.toContain('gebruiker');
    expect(sim.feeds().map((f) => f.uuid)).toEqual([feed.uuid]);
    const row = await h.db.selectFrom('feed').select('credentials').where('uuid', '=', feed.uuid).executeTakeFirstOrThrow();
    expect(row.credentials).not.toContain('wachtwoord');
    expect(h.secrets.open(row.credentials!)).toEqual({ password: 'wachtwoord' });
    expect(await (await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: admin })).json()).toEqual(feed);
  });

  test.each([
    ['an EAN of 17 digits', 'kenter', { ...kenter, ean: '87123456789012345' }, { ean: ['Ongeldige EAN-Code.'] }],
    ['an EAN of 19 digits', 'kenter', { ...kenter, ean: '8712345678901234567' }, { ean: ['Ongeldige EAN-Code.'] }],
    ['an EAN with letters', 'kenter', { ...kenter, ean: '87123456789012345A' }, { ean: ['Ongeldige EAN-Code.'] }],
    ['an EAN with spaces', 'kenter', { ...kenter, ean: '871234567890 23456' }, { ean: ['Ongeldige EAN-Code.'] }],
    ['a long name', 'kenter', { ...kenter, name: 'x'.repeat(65) }, { name: ['De naam van de feed mag maximaal 64 tekens lang zijn.'] }],
    ['a long Kenter username', 'kenter', { ...kenter, username: 'u'.repeat(129) }, { username: ['De gebruikersnaam is te lang..'] }],
    [
      'empty fields',
      'anexo',
      {},
      {
        name: ['De naam van de feed moet worden opgegeven.'],
        postalCode: ['De postcode moet worden opgegeven.'],
        houseNumber: ['Het huisnummer moet worden opgegeven.'],
        meterKind: [expect.any(String)],
        ean: ['Ongeldige EAN-Code.'],
        meterId: ['De id van de meter moet worden opgegeven.'],
        clientId: ['De id van de client moet worden opgegeven.'],
      },
    ],
    [
      'a SolarEdge feed without meter id and key',
      'solaredge',
      { name: 'Zon', postalCode: '1', houseNumber: '1' },
      {
        apiKey: ['De API sleutel moet worden opgegeven.'],
        meterId: ['Het id van de meter moet worden opgegeven.'],
      },
    ],
    [
      'a long API key',
      'meetbedrijf',
      { name: 'M', postalCode: '1', houseNumber: '1', meterKind: 'gas', ean: '1'.repeat(18), apiKey: 'k'.repeat(513) },
      { apiKey: ['De API sleutel is te lang..'] },
    ],
    [
      'a Fudura feed without customer number',
      'fudura',
      { ean: '1'.repeat(18), name: 'F', houseNumber: '1', meterKind: 'gas', customerId: '' },
      { customerId: ['Het klantnummer moet worden opgegeven.'] },
    ],
    [
      'an unknown meter kind',
      'joulz',
      { name: 'J', postalCode: '1', houseNumber: '1', meterKind: 'water', ean: '1'.repeat(18), apiKey: 'k', subCode: 's' },
      { meterKind: [expect.any(String)] },
    ],
    ['an unknown provider', 'eneco', kenter, { provider: ['De provider moet een van fudura, anexo, solaredge, joulz, kenter, meetbedrijf zijn.'] }],
  ])('%s is a 400 with the exact messages; nothing reaches the HUB or the database', async (_n, provider, body, fieldErrors) => {
    const { h, admin } = await setup();
    const res = await h.request(`/api/meterbeheer/feeds/add/${provider}`, { method: 'POST', token: admin, json: body });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fieldErrors).toEqual(fieldErrors);
    expect(sim.requests).toEqual([]);
    expect(await h.db.selectFrom('feed').select('uuid').execute()).toEqual([]);
  });

  test('a HUB failure on add is a 502 with the reason and stores nothing', async () => {
    const { h, admin } = await setup();
    sim.inject({ kind: 'status', status: 500 });
    const res = await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter });
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toMatch(/^Er is een fout opgetreden tijdens het aanmaken van de feed: /);
    expect(await h.db.selectFrom('feed').select('uuid').execute()).toEqual([]);
  });

  test('an installer’s feed belongs to its organization; another installer cannot see it', async () => {
    const { h, installer, stranger, admin } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: installer, json: kenter })).json();
    expect(feed.organizationId).not.toBeNull();
    expect((await (await h.request('/api/meterbeheer/feeds/list', { token: installer })).json()).feeds).toHaveLength(1);
    expect(await (await h.request('/api/meterbeheer/feeds/list', { token: stranger })).json()).toEqual({ feeds: [], totalNumberOfPages: 0 });
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: stranger })).status).toBe(404);
    expect((await h.request(`/api/meterbeheer/channel/${feed.channels[0].id}/with-feed`, { token: stranger })).status).toBe(404);
    expect((await h.request('/api/meterbeheer/sync', { method: 'POST', token: installer })).status).toBe(403);
    expect((await h.request('/api/meterbeheer/sync', { method: 'POST', token: admin })).status).toBe(200);
  });

  test('a meter binds to a channel; the feed is then attached, cannot be deleted, and detach unlinks it', async () => {
    const { h, admin, location } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter })).json();
    const [imp, exp] = feed.channels;
    const channel = await (await h.request(`/api/meterbeheer/channel/${imp.id}/with-feed`, { token: admin })).json();
    expect(channel).toMatchObject({ id: imp.id, code: '1.8.0', feed: { uuid: feed.uuid } });

    const meterRes = await h.request('/api/meters/create', {
      method: 'POST',
      token: admin,
      json: {
        type: 'electricity',
        name: 'Hoofdmeter',
        locationId: location,
        netImportChannel: { type: 'meterbeheer', id: imp.id },
        netExportChannel: { type: 'meterbeheer', id: exp.id },
      },
    });
    expect(meterRes.status).toBe(201);
    const meter = await meterRes.json();
    expect(meter).toMatchObject({
      name: 'Hoofdmeter',
      type: 'electricity',
      locationId: location,
      netImportChannel: { type: 'meterbeheer', id: imp.id },
      netExportChannel: { id: exp.id },
    });
    expect((await (await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: admin })).json()).attached).toBe(true);
    expect((await (await h.request(`/api/location/${location}/summary`, { token: admin })).json()).meters).toEqual([
      { id: meter.id, name: 'Hoofdmeter', type: 'electricity' },
    ]);

    const del = await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { method: 'DELETE', token: admin });
    expect(del.status).toBe(409);
    const locDel = await h.request(`/api/location/${location}`, { method: 'DELETE', token: admin });
    expect((await locDel.json()).error.message).toBe('De locatie kan niet worden verwijderd: er is nog 1 meter aan gekoppeld.');

    const detached = await (await h.request(`/api/meterbeheer/feed/${feed.uuid}/detach`, { method: 'POST', token: admin })).json();
    expect(detached.attached).toBe(false);
    expect(await (await h.request(`/api/meter/${meter.id}`, { token: admin })).json()).toMatchObject({ netImportChannel: null, netExportChannel: null });
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect(sim.feeds()).toEqual([]);
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: admin })).status).toBe(404);
  });

  test('meter input is checked: gas needs a gas channel, names are required, foreign ids are absent', async () => {
    const { h, admin, stranger, location } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter })).json();
    const create = (json: object, token = admin) => h.request('/api/meters/create', { method: 'POST', token, json });
    const errors = async (res: Response) => (await res.json()).error.fieldErrors;
    expect(await errors(await create({ type: 'gas', name: '', locationId: location }))).toEqual({
      name: ['De naam van de meter moet worden opgegeven.'],
      netImportChannel: ['Kies het kanaal van de gasmeter.'],
    });
    expect(
      await errors(await create({ type: 'gas', name: 'Gas', locationId: location, netImportChannel: { type: 'meterbeheer', id: feed.channels[0].id } })),
    ).toEqual({
      netImportChannel: ['Kies een kanaal van een gasfeed.'],
    });
    expect(await errors(await create({ type: 'water', name: 'W', locationId: location }))).toEqual({ type: ['Het type moet electricity of gas zijn.'] });
    expect(await errors(await create({ type: 'electricity', name: 'E', locationId: location }, stranger))).toEqual({
      locationId: ['Deze locatie bestaat niet.'],
    });
    expect(await (await h.request('/api/meters/list', { token: admin })).json()).toEqual({ meters: [], totalNumberOfPages: 0 });
    expect((await h.request('/api/meter/999', { token: admin })).status).toBe(404);
  });
});

describe('deleting and detaching feeds', () => {
  test('a feed is deleted at the HUB first: a HUB failure is a 502 that changes nothing here', async () => {
    const { h, admin } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter })).json();
    sim.inject({ kind: 'status', status: 500, path: /\/feed\// });
    const failed = await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { method: 'DELETE', token: admin });
    expect(failed.status).toBe(502);
    expect(sim.feeds().map((f) => f.uuid)).toEqual([feed.uuid]);
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: admin })).status).toBe(200);
    expect(sim.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  test('a feed already gone at the HUB (an earlier delete that failed half-way) is deleted here on retry', async () => {
    const { h, admin } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter })).json();
    await fetch(`${sim.baseUrl}/feed/${feed.uuid}`, { method: 'DELETE', headers: { authorization: `Bearer ${sim.apiKey}` } });
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: admin })).status).toBe(404);
    expect(await h.db.selectFrom('channel').select('id').execute()).toEqual([]);
  });

  test('a meter bound while the HUB deletes is found again in the local step: a 409 that says what to do, never a 500', async () => {
    const { h, admin, location } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: admin, json: kenter })).json();
    const user = (await h.auth.authenticate(admin))!.user;
    const hub = {
      ...h.hub,
      async deleteFeed(uuid: string) {
        await h.hub.deleteFeed(uuid);
        await h.db
          .insertInto('meter')
          .values({
            locationId: location,
            name: 'Net gekoppeld',
            type: 'electricity',
            netImportChannelId: feed.channels[0].id,
            netExportChannelId: null,
            createdAt: 0,
          })
          .execute();
      },
    };
    await expect(deleteFeed({ ...h.feeds, hub }, callerOf({ user, via: 'trpc' }), feed.uuid)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Ontkoppel de feed en verwijder hem opnieuw'),
    });
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { token: admin })).status).toBe(200);
    await h.request(`/api/meterbeheer/feed/${feed.uuid}/detach`, { method: 'POST', token: admin });
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  test('detaching never clears another organization’s meter; that meter keeps the feed attached', async () => {
    const { h, admin, installer, location } = await setup();
    const feed = await (await h.request('/api/meterbeheer/feeds/add/kenter', { method: 'POST', token: installer, json: kenter })).json();
    const otherOrg = (await h.db.selectFrom('organization').select('id').where('name', '=', 'Bravo').executeTakeFirstOrThrow()).id;
    const elsewhere = await h.location(otherOrg, 'Bravo Hal');
    const meter = (locationId: number, name: string) =>
      h.request('/api/meters/create', {
        method: 'POST',
        token: admin,
        json: { type: 'electricity', name, locationId, netImportChannel: { type: 'meterbeheer', id: feed.channels[0].id } },
      });
    const own = await (await meter(location, 'Eigen meter')).json();
    const foreign = await (await meter(elsewhere, 'Meter van Bravo')).json();

    const detached = await (await h.request(`/api/meterbeheer/feed/${feed.uuid}/detach`, { method: 'POST', token: installer })).json();
    expect(detached.attached).toBe(true);
    expect((await (await h.request(`/api/meter/${own.id}`, { token: admin })).json()).netImportChannel).toBeNull();
    expect((await (await h.request(`/api/meter/${foreign.id}`, { token: admin })).json()).netImportChannel).toMatchObject({ id: feed.channels[0].id });
    expect((await h.request(`/api/meterbeheer/feed/${feed.uuid}`, { method: 'DELETE', token: installer })).status).toBe(409);
    expect(sim.feeds()).toHaveLength(1);
  });
});

test('an installer of another organization cannot list meters of this one', async () => {
  const { h, tokens, a1 } = await createWorld();
  await h.db
    .insertInto('meter')
    .values({ locationId: a1, name: 'M', type: 'electricity', netImportChannelId: null, netExportChannelId: null, createdAt: 0 })
    .execute();
  expect((await (await h.request('/api/meters/list', { token: tokens.installerA })).json()).meters).toHaveLength(1);
  expect((await (await h.request('/api/meters/list', { token: tokens.installerB })).json()).meters).toHaveLength(0);
});
