import { describe, expect, test } from 'vitest';
import { ORGANIZATION_ABSENT } from '@/domain/organization';
import { createContext } from './context';
import { adminProcedure, createCallerFactory, publicProcedure, router, scopedProcedure, signedInProcedure, staffProcedure } from './trpc';
import { locationProcedure } from '../../modules/locations/locations.procedures';
import { findOrganization } from '../../modules/organizations/organizations.queries';
import { createHarness } from '../../testing/harness';
import { listVisibleLocations } from '../../modules/locations/locations.queries';
import { loadUser } from '../../modules/users/users.queries';

const probe = router({
  open: publicProcedure.query(() => 'ok'),
  signedIn: signedInProcedure.query(() => 'ok'),
  staff: staffProcedure.query(() => 'ok'),
  admin: adminProcedure.query(() => 'ok'),
  // A scoped procedure built by the factory as a module would, on a staff base.
  // The row it found is handed on as ctx.organization.
  organization: scopedProcedure(
    'organizationId',
    'organization',
    (ctx, id) => findOrganization(ctx.db, ctx.user, id),
    ORGANIZATION_ABSENT,
    staffProcedure,
  ).query(({ ctx }) => ctx.organization.id),
  location: locationProcedure().query(({ input }) => input.locationId),
});
const createProbe = createCallerFactory(probe);

async function world() {
  const h = await createHarness();
  const orgA = await h.organization('A');
  const orgB = await h.organization('B');
  const a1 = await h.location(orgA, 'A1');
  const a2 = await h.location(orgA, 'A2');
  const b1 = await h.location(orgB, 'B1');
  await h.user('admin', 'admin@example.nl');
  await h.user('installer', 'inst-a@example.nl', { organizationId: orgA });
  await h.user('customer', 'klant@example.nl', { locationIds: [a2] });
  const as = async (email?: string) => {
    const token = email ? (await h.signIn(email)).accessToken : undefined;
    return createProbe(await createContext(h, token ? `Bearer ${token}` : null, '127.0.0.1'));
  };
  return { h, orgA, orgB, a1, a2, b1, as };
}

describe('procedure tiers', () => {
  test('each tier admits exactly the roles it names', async () => {
    const { as } = await world();
    const cases = { nobody: undefined, admin: 'admin@example.nl', installer: 'inst-a@example.nl', customer: 'klant@example.nl' };
    const outcome = async (call: () => Promise<unknown>) =>
      call().then(
        () => 'ok',
        (e: { code: string }) => e.code,
      );
    const table: Record<string, string[]> = {};
    for (const [role, email] of Object.entries(cases)) {
      const p = await as(email);
      table[role] = await Promise.all([outcome(p.open), outcome(p.signedIn), outcome(p.staff), outcome(p.admin)]);
    }
    expect(table).toEqual({
      nobody: ['ok', 'UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED'],
      admin: ['ok', 'ok', 'ok', 'ok'],
      installer: ['ok', 'ok', 'ok', 'FORBIDDEN'],
      customer: ['ok', 'ok', 'FORBIDDEN', 'FORBIDDEN'],
    });
  });

  test('organization-scoped procedures answer NOT_FOUND for a foreign or absent organization', async () => {
    const { as, orgA, orgB } = await world();
    const admin = await as('admin@example.nl');
    const installer = await as('inst-a@example.nl');
    expect(await admin.organization({ organizationId: orgB })).toBe(orgB);
    expect(await installer.organization({ organizationId: orgA })).toBe(orgA);
    await expect(installer.organization({ organizationId: orgB })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(admin.organization({ organizationId: 999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // the base tier still applies before the scope: a customer may not use a staff procedure at all
    await expect((await as('klant@example.nl')).organization({ organizationId: orgA })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  test('location-scoped procedures admit only locations in the user scope', async () => {
    const { as, a1, a2, b1 } = await world();
    const installer = await as('inst-a@example.nl');
    const customer = await as('klant@example.nl');
    expect(await installer.location({ locationId: a1 })).toBe(a1);
    await expect(installer.location({ locationId: b1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await customer.location({ locationId: a2 })).toBe(a2);
    await expect(customer.location({ locationId: a1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('invalid input gives BAD_REQUEST with field errors', async () => {
    const { as } = await world();
    const admin = await as('admin@example.nl');
    const error = (await admin.location({ locationId: -1 }).catch((e: unknown) => e)) as { code: string; cause: { issues: { path: { key: string }[] }[] } };
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause.issues[0]!.path[0]!.key ?? error.cause.issues[0]!.path[0]).toBe('locationId');
  });
});

describe('tenancy in SQL', () => {
  test('visible locations: admin all, installer its organization, customer its own', async () => {
    const { h, a1, a2, b1 } = await world();
    const names = async (email: string) => {
      const { id } = await h.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const user = (await loadUser(h.db, id))!;
      return (await listVisibleLocations(h.db, user)).map((l) => l.id);
    };
    expect(await names('admin@example.nl')).toEqual([a1, a2, b1]);
    expect(await names('inst-a@example.nl')).toEqual([a1, a2]);
    expect(await names('klant@example.nl')).toEqual([a2]);
  });

  test('the tRPC location.visible procedure uses that scope', async () => {
    const { h, a2 } = await world();
    const { accessToken } = await h.signIn('klant@example.nl');
    const caller = await h.caller(accessToken);
    expect((await caller.location.visible()).map((l) => l.id)).toEqual([a2]);
  });
});
