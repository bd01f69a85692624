import { locationProcedure, router, signedInProcedure } from '../../trpc/trpc';
import { dashboardLocation, dashboardLocations } from './dashboard.service';

export const dashboardRouter = router({
  locations: signedInProcedure.query(({ ctx }) => dashboardLocations(ctx.db, ctx.user)),
  location: locationProcedure.query(({ ctx, input }) => dashboardLocation(ctx.db, ctx.user, input.locationId)),
});
