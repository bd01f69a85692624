import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createLocationSchema, updateLocationSchema } from '@/domain/location';
import { listQuerySchema } from '@/domain/paging';
import { router, signedInProcedure, staffProcedure } from '../../trpc/trpc';
import { listLocations, listVisibleLocations } from './locations.queries';
import * as service from './locations.service';

const byId = v.object({ locationId: idSchema });

export const locationsRouter = router({
  /** Every location the user may see, for the dashboard and for pickers. */
  visible: signedInProcedure.query(({ ctx }) => listVisibleLocations(ctx.db, ctx.user)),
  list: staffProcedure.input(listQuerySchema).query(async ({ ctx, input }) => {
    const { rows, totalNumberOfPages } = await listLocations(ctx.db, ctx.user, input);
    return { locations: rows, totalNumberOfPages };
  }),
  get: staffProcedure.input(byId).query(({ ctx, input }) => service.getLocation(ctx.db, ctx.user, input.locationId)),
  summary: signedInProcedure.input(byId).query(({ ctx, input }) => service.locationSummary(ctx.db, ctx.user, input.locationId)),
  create: staffProcedure.input(createLocationSchema).mutation(({ ctx, input }) => service.createLocation(ctx.db, ctx.user, input)),
  update: staffProcedure.input(updateLocationSchema).mutation(({ ctx, input }) => service.updateLocation(ctx.db, ctx.user, input)),
  delete: staffProcedure.input(byId).mutation(({ ctx, input }) => service.deleteLocation(ctx.db, ctx.user, input.locationId)),
});
