/** The admin start page's figures: what exists for the caller, and whether the HUB key is set. */
import * as v from 'valibot';

export const setupOverviewSchema = v.object({
  organizations: v.number(),
  locations: v.number(),
  feeds: v.number(),
  meters: v.number(),
  customers: v.number(),
  installers: v.number(),
  /** Whether METERBEHEER_API_KEY is set: without it no feed can be added or synced. */
  hubConfigured: v.boolean(),
});
export type SetupOverview = v.InferOutput<typeof setupOverviewSchema>;
