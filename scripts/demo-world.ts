/**
 * The demo world: an organization, three locations, an installer and a customer, and per location
 * an electricity meter (with feed-in) and a gas meter bound to Kenter feeds of the installer's
 * organization. Made through the REST adapter, as a script would. Used by `npm run demo` and the dashboard journeys.
 */
export const ADMIN = { email: 'beheer@demo.nl', password: 'demo-beheer-wachtwoord' };
export const INSTALLER = { email: 'installateur@demo.nl', password: 'demo-installateur-1' };
export const CUSTOMER = { email: 'klant@demo.nl', password: 'demo-klant-wachtwoord' };

/** Creates the demo world through the REST adapter, unless organizations exist already. Returns whether it did. */
export async function seedDemoWorld(baseUrl: string, token: string): Promise<boolean> {
  async function api<T>(method: string, route: string, token?: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  const existing = await api<{ organizations: unknown[] }>('GET', '/api/organizations/list', token);
  if (existing.organizations.length > 0) return false;
  const org = await api<{ id: number }>('PUT', '/api/organizations', token, { name: 'Zonnedak Installaties' });
  const places = [
    { name: 'Hoofdkantoor Utrecht', city: 'Utrecht', state: 'Utrecht', streetAddress: 'Stationsplein 12', zipcode: '3511 ED' },
    { name: 'Magazijn Nieuwegein', city: 'Nieuwegein', state: 'Utrecht', streetAddress: 'Industrieweg 4', zipcode: '3433 NL' },
    { name: 'Winkel Amersfoort', city: 'Amersfoort', state: 'Utrecht', streetAddress: 'Langestraat 80', zipcode: '3811 AJ' },
  ];
  const locations = [];
  for (const place of places)
    locations.push(
      await api<{ id: number; name: string }>('POST', '/api/locations', token, { organizationId: org.id, country: 'Nederland', unit: null, ...place }),
    );
  await api('POST', '/api/users/create', token, { type: 'installer', fullName: 'Ingrid Installateur', organizationId: org.id, ...INSTALLER });
  await api('POST', '/api/users/create', token, { type: 'customer', fullName: 'Karin Klant', locationIds: [locations[0]!.id, locations[2]!.id], ...CUSTOMER });
  // The installer adds the feeds and meters, so they belong to its organization (an admin's feed
  // is admin-only): the installer sees and can edit everything of its customers' meters.
  const installer = (await api<{ accessToken: string }>('POST', '/auth/login', undefined, INSTALLER)).accessToken;

  let ean = 871685900000000001n;
  for (const location of locations) {
    const feedBody = (meterKind: string) => ({
      name: `${location.name} ${meterKind === 'gas' ? 'gas' : 'stroom'}`,
      postalCode: '3511 ED',
      houseNumber: '12',
      meterKind,
      ean: String(ean++),
      username: 'demo',
      password: 'demo',
    });
    const power = await api<{ uuid: string; channels: { id: number; code: string }[] }>(
      'POST',
      '/api/meterbeheer/feeds/add/kenter',
      installer,
      feedBody('electricity'),
    );
    const gas = await api<{ uuid: string; channels: { id: number; code: string }[] }>('POST', '/api/meterbeheer/feeds/add/kenter', installer, feedBody('gas'));
    const channel = (feed: typeof power, code: string) => ({ type: 'meterbeheer', id: feed.channels.find((c) => c.code === code)!.id });
    await api('POST', '/api/meters/create', installer, {
      type: 'electricity',
      name: 'Hoofdaansluiting',
      locationId: location.id,
      netImportChannel: channel(power, '1.8.0'),
      netExportChannel: channel(power, '2.8.0'),
    });
    await api('POST', '/api/meters/create', installer, { type: 'gas', name: 'Gasmeter', locationId: location.id, netImportChannel: channel(gas, '24.2.1') });
  }
  return true;
}
