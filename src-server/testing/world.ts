/**
 * A small tenant world for tests: organizations A and B with locations, an admin, an installer
 * per organization and a customer in A, each with a signed-in access token.
 */
import { type HarnessOptions, createHarness } from './harness';

export async function createWorld(options: HarnessOptions = {}) {
  const h = await createHarness(options);
  const orgA = await h.organization('Alfa Installaties');
  const orgB = await h.organization('Bravo Techniek');
  const a1 = await h.location(orgA, 'Alfa Kantoor');
  const a2 = await h.location(orgA, 'Alfa Magazijn');
  const b1 = await h.location(orgB, 'Bravo Hal');
  const ids = {
    admin: await h.user('admin', 'admin@example.nl'),
    installerA: await h.user('installer', 'inst-a@example.nl', { organizationId: orgA }),
    installerB: await h.user('installer', 'inst-b@example.nl', { organizationId: orgB }),
    customerA: await h.user('customer', 'klant-a@example.nl', { locationIds: [a1] }),
    customerB: await h.user('customer', 'klant-b@example.nl', { locationIds: [b1] }),
  };
  const tokens = {
    admin: (await h.signIn('admin@example.nl')).accessToken,
    installerA: (await h.signIn('inst-a@example.nl')).accessToken,
    installerB: (await h.signIn('inst-b@example.nl')).accessToken,
    customerA: (await h.signIn('klant-a@example.nl')).accessToken,
  };
  return { h, orgA, orgB, a1, a2, b1, ids, tokens };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

export const newLocation = (organizationId: number, name = 'Nieuwe locatie') => ({
  organizationId,
  name,
  country: 'Nederland',
  state: 'Noord-Holland',
  city: 'Haarlem',
  streetAddress: 'Grote Markt 2',
  zipcode: '2011 RD',
  unit: null,
});
