import * as v from 'valibot';
import { dashboardLocationItemSchema, dashboardLocationSchema } from '@/domain/dashboard';
import { router, signedInProcedure } from '../../trpc/trpc';
import { locationProcedure } from '../locations/locations.procedure';
import { dashboardLocation, dashboardLocations } from './dashboard.service';

export const dashboardRouter = router({
  locations: signedInProcedure.output(v.array(dashboardLocationItemSchema)).query(({ ctx }) => dashboardLocations(ctx.db, ctx.user, ctx.clock())),
  location: locationProcedure()
    .output(dashboardLocationSchema)
    .query(({ ctx, input }) => dashboardLocation(ctx.db, ctx.user, input.locationId, ctx.clock())),
});
