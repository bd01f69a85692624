/**
 * Who may do what in the admin area (DESIGN.md §3): every organization, location and user
 * procedure called as admin, installer of A, installer of B and customer of A.
 */
import { expect, test } from 'vitest';
import { createWorld, newLocation, type World } from '../testing/world';

type Role = 'admin' | 'installerA' | 'installerB' | 'customerA';
const roles: Role[] = ['admin', 'installerA', 'installerB', 'customerA'];
const password = 'een-lang-wachtwoord';

/** Each case runs on a fresh world so that writes of one role do not affect the next. */
const cases: Record<string, (w: World, caller: Awaited<ReturnType<World['h']['caller']>>) => Promise<unknown>> = {
  'organization.list': (_w, c) => c.organization.list({}).then((r) => r.organizations.map((o) => o.name)),
  'organization.withLocations': (_w, c) => c.organization.withLocations().then((r) => r.length),
  'organization.get A': (w, c) => c.organization.get({ organizationId: w.orgA }).then((o) => o.name),
  'organization.create': (_w, c) => c.organization.create({ name: 'Nieuw' }).then(() => 'ok'),
  'organization.update A': (w, c) => c.organization.update({ organizationId: w.orgA, name: 'X' }).then(() => 'ok'),
  'organization.delete B': (w, c) => c.organization.delete({ organizationId: w.orgB }).then(() => 'ok'),
  'location.list': (_w, c) => c.location.list({}).then((r) => r.locations.map((l) => l.name)),
  'location.get A1': (w, c) => c.location.get({ locationId: w.a1 }).then((l) => l.name),
  'location.summary A1': (w, c) => c.location.summary({ locationId: w.a1 }).then((l) => l.name),
  'location.create in A': (w, c) => c.location.create(newLocation(w.orgA)).then(() => 'ok'),
  'location.update A2': (w, c) => c.location.update({ locationId: w.a2, ...newLocation(w.orgA) }).then(() => 'ok'),
  'location.delete A2': (w, c) => c.location.delete({ locationId: w.a2 }).then(() => 'ok'),
  'user.list': (_w, c) => c.user.list({}).then((r) => r.users.map((u) => u.email)),
  'user.get customerA': (w, c) => c.user.get({ userId: w.ids.customerA }).then((u) => u.email),
  'user.create customer in A': (w, c) =>
    c.user.create({ type: 'customer', email: 'n@example.nl', password, fullName: null, locationIds: [w.a2] }).then(() => 'ok'),
  'user.create installer': (w, c) =>
    c.user.create({ type: 'installer', email: 'n@example.nl', password, fullName: null, organizationId: w.orgA }).then(() => 'ok'),
  'user.create admin': (_w, c) => c.user.create({ type: 'admin', email: 'n@example.nl', password, fullName: null }).then(() => 'ok'),
  'user.update customerA': (w, c) => c.user.update({ userId: w.ids.customerA, email: 'klant-a@example.nl', fullName: 'K' }).then(() => 'ok'),
  'user.updatePassword customerA': (w, c) => c.user.updatePassword({ userId: w.ids.customerA, password }).then(() => 'ok'),
  'user.delete customerA': (w, c) => c.user.delete({ userId: w.ids.customerA }).then(() => 'ok'),
  'user.get installerA': (w, c) => c.user.get({ userId: w.ids.installerA }).then((u) => u.email),
  'jobs.list': (_w, c) => c.jobs.list().then((jobs) => jobs.length),
};

const expected: Record<string, Record<Role, unknown>> = {
  'organization.list': {
    admin: ['Alfa Installaties', 'Bravo Techniek'],
    installerA: ['Alfa Installaties'],
    installerB: ['Bravo Techniek'],
    customerA: 'FORBIDDEN',
  },
  'organization.withLocations': { admin: 2, installerA: 1, installerB: 1, customerA: 'FORBIDDEN' },
  'organization.get A': { admin: 'Alfa Installaties', installerA: 'Alfa Installaties', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'organization.create': { admin: 'ok', installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
  'organization.update A': { admin: 'ok', installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
  'organization.delete B': { admin: 'CONFLICT', installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
  'location.list': {
    admin: ['Alfa Kantoor', 'Alfa Magazijn', 'Bravo Hal'],
    installerA: ['Alfa Kantoor', 'Alfa Magazijn'],
    installerB: ['Bravo Hal'],
    customerA: 'FORBIDDEN',
  },
  'location.get A1': { admin: 'Alfa Kantoor', installerA: 'Alfa Kantoor', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'location.summary A1': { admin: 'Alfa Kantoor', installerA: 'Alfa Kantoor', installerB: 'NOT_FOUND', customerA: 'Alfa Kantoor' },
  'location.create in A': { admin: 'ok', installerA: 'ok', installerB: 'BAD_REQUEST', customerA: 'FORBIDDEN' },
  'location.update A2': { admin: 'ok', installerA: 'ok', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'location.delete A2': { admin: 'ok', installerA: 'ok', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'user.list': {
    admin: ['admin@example.nl', 'inst-a@example.nl', 'inst-b@example.nl', 'klant-a@example.nl', 'klant-b@example.nl'],
    installerA: ['klant-a@example.nl'],
    installerB: ['klant-b@example.nl'],
    customerA: 'FORBIDDEN',
  },
  'user.get customerA': { admin: 'klant-a@example.nl', installerA: 'klant-a@example.nl', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'user.create customer in A': { admin: 'ok', installerA: 'ok', installerB: 'BAD_REQUEST', customerA: 'FORBIDDEN' },
  'user.create installer': { admin: 'ok', installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
  'user.create admin': { admin: 'ok', installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
  'user.update customerA': { admin: 'ok', installerA: 'ok', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'user.updatePassword customerA': { admin: 'ok', installerA: 'ok', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'user.delete customerA': { admin: 'ok', installerA: 'ok', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'user.get installerA': { admin: 'inst-a@example.nl', installerA: 'inst-a@example.nl', installerB: 'NOT_FOUND', customerA: 'FORBIDDEN' },
  'jobs.list': { admin: 0, installerA: 'FORBIDDEN', installerB: 'FORBIDDEN', customerA: 'FORBIDDEN' },
};

test('every admin-area procedure answers each role as DESIGN.md §3 says', async () => {
  const actual: Record<string, Record<string, unknown>> = {};
  for (const [name, run] of Object.entries(cases)) {
    actual[name] = {};
    for (const role of roles) {
      const world = await createWorld();
      const caller = await world.h.caller(world.tokens[role]);
      actual[name][role] = await run(world, caller).catch((e: { code: string }) => e.code);
    }
  }
  expect(actual).toEqual(expected);
}, 120_000);

test('REST answers a foreign id exactly like an absent one', async () => {
  const { h, tokens, orgA, a1, ids } = await createWorld();
  for (const path of [`/api/organization/${orgA}`, `/api/location/${a1}`, `/api/location/${a1}/summary`, `/api/user/${ids.customerA}`]) {
    const foreign = await h.request(path, { token: tokens.installerB });
    const absent = await h.request(path.replace(/\/\d+/, '/999999'), { token: tokens.installerB });
    expect([foreign.status, absent.status]).toEqual([404, 404]);
    expect((await foreign.json()).error.code).toBe((await absent.json()).error.code);
  }
  expect((await h.request('/api/users/list', { token: tokens.customerA })).status).toBe(403);
  expect((await h.request('/api/users/list')).status).toBe(401);
});
