/** The admin start page's figures: scoped per caller like the lists, and whether the HUB key is set. */
import { expect, test } from 'vitest';
import { createWorld } from '../../testing/world';

test('the overview counts what each caller may see, and says whether the HUB key is set', async () => {
  const w = await createWorld();
  await w.h.feed({ uuid: 'feed-a', organizationId: w.orgA });
  await w.h.feed({ uuid: 'feed-admin' });
  await w.h.db
    .insertInto('meter')
    .values({ locationId: w.a1, name: 'M', type: 'electricity', netImportChannelId: null, netExportChannelId: null, createdAt: 0 })
    .execute();
  const admin = await (await w.h.caller(w.tokens.admin)).overview.setup();
  expect(admin).toEqual({ organizations: 2, locations: 3, feeds: 2, meters: 1, customers: 2, installers: 2, hubConfigured: true });
  const installerB = await (await w.h.caller(w.tokens.installerB)).overview.setup();
  expect(installerB).toEqual({ organizations: 1, locations: 1, feeds: 0, meters: 0, customers: 1, installers: 0, hubConfigured: true });
  const res = await w.h.request('/api/admin/overview', { token: w.tokens.installerA });
  expect(await res.json()).toEqual({ organizations: 1, locations: 2, feeds: 1, meters: 1, customers: 1, installers: 0, hubConfigured: true });
});

test('a fresh install without METERBEHEER_API_KEY reports nothing yet and no HUB key', async () => {
  const w = await createWorld({ hub: { apiKey: '' } });
  const overview = await (await w.h.caller(w.tokens.admin)).overview.setup();
  expect(overview).toMatchObject({ feeds: 0, meters: 0, hubConfigured: false });
});
