/**
 * The admin start page's overview: how many organizations, locations, feeds, meters and users the
 * caller may see (each counted by its own module, scoped as its list is) and whether the HUB key
 * is configured, so a fresh install can show its admin what to set up next.
 */
import { setupOverviewSchema } from '@/domain/overview';
import { rest } from '../../api/trpc/rest-route';
import { router, staffProcedure } from '../../api/trpc/trpc';
import { countVisibleLocations } from '../locations/locations.queries';
import { feedSyncCounts } from '../meterbeheer/meterbeheer.queries';
import { countVisibleMeters } from '../meters/meters.queries';
import { countVisibleOrganizations } from '../organizations/organizations.queries';
import { countVisibleUsersByType } from '../users/users.queries';

export const overviewRouter = router({
  setup: staffProcedure
    .meta(rest('GET /api/admin/overview', 'What exists for the caller (counts) and whether the Meterbeheer HUB key is set'))
    .output(setupOverviewSchema)
    .query(async ({ ctx: { db, user, hub } }) => {
      const [organizations, locations, feeds, meters, users] = await Promise.all([
        countVisibleOrganizations(db, user),
        countVisibleLocations(db, user),
        feedSyncCounts(db, user),
        countVisibleMeters(db, user),
        countVisibleUsersByType(db, user),
      ]);
      return { organizations, locations, feeds: feeds.feeds, meters, customers: users.customer, installers: users.installer, hubConfigured: hub.configured };
    }),
});
