import * as v from 'valibot';
import { dashboardLocationItemSchema, dashboardLocationSchema } from '@/domain/dashboard';
import { rest } from '../../api/trpc/rest-route';
import { router, signedInProcedure } from '../../api/trpc/trpc';
import { locationProcedure } from '../locations/locations.procedures';
import { dashboardLocation, dashboardLocations } from './dashboard.service';
import { callerOf } from '../../platform/caller';

export const dashboardRouter = router({
  locations: signedInProcedure
    .meta(rest('GET /api/dashboard/locations', 'The visible locations, each with its electricity use of the last seven whole days with data'))
    .output(v.array(dashboardLocationItemSchema))
    .query(({ ctx }) => dashboardLocations(ctx, callerOf(ctx), ctx.clock())),
  location: locationProcedure()
    .meta(
      rest(
        'GET /api/dashboard/location/{id}',
        "A location's modules: newest day, this week and last week up to where the data ends, each against a week earlier",
        {
          params: { id: 'locationId' },
        },
      ),
    )
    .output(dashboardLocationSchema)
    .query(({ ctx }) => dashboardLocation(ctx, callerOf(ctx), ctx.location, ctx.clock())),
});
