import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createLocationSchema, locationSchema, locationSummarySchema, updateLocationSchema } from '@/domain/location';
import { listQuerySchema, pageSchema } from '@/domain/paging';
import { rest } from '../../api/trpc/rest-route';
import { router, signedInProcedure, staffProcedure } from '../../api/trpc/trpc';
import { listLocations, listVisibleLocations } from './locations.queries';
import * as service from './locations.service';
import type { LocationDeps } from './locations.service';
import { callerOf } from '../../platform/caller';

const byId = v.object({ locationId: idSchema });
const id = { params: { id: 'locationId' } };

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    locations: LocationDeps;
  }
}

export const locationsRouter = router({
  /** Every location the user may see, for the dashboard and for pickers. */
  visible: signedInProcedure.output(v.array(locationSchema)).query(({ ctx }) => listVisibleLocations(ctx.db, ctx.user)),
  list: staffProcedure
    .meta(rest('GET /api/locations/list', 'Page through locations (pageNumber 0-based, pageSize ≤ 100, query)'))
    .input(listQuerySchema)
    .output(pageSchema('locations', locationSchema))
    .query(async ({ ctx, input }) => {
      const { rows, totalNumberOfPages } = await listLocations(ctx.db, ctx.user, input);
      return { locations: rows, totalNumberOfPages };
    }),
  get: staffProcedure
    .meta(rest('GET /api/location/{id}', 'One location', id))
    .input(byId)
    .output(locationSchema)
    .query(({ ctx, input }) => service.getLocation(ctx.locations, callerOf(ctx), input.locationId)),
  summary: signedInProcedure
    .meta(rest('GET /api/location/{id}/summary', '{id, name, meters[]}', id))
    .input(byId)
    .output(locationSummarySchema)
    .query(({ ctx, input }) => service.locationSummary(ctx.locations, callerOf(ctx), input.locationId)),
  create: staffProcedure
    .meta(rest('POST /api/locations', 'Create a location', { status: 201 }))
    .input(createLocationSchema)
    .output(locationSchema)
    .mutation(({ ctx, input }) => service.createLocation(ctx.locations, callerOf(ctx), input)),
  update: staffProcedure
    .meta(rest('PATCH /api/location/{id}', 'Edit a location', id))
    .input(updateLocationSchema)
    .output(locationSchema)
    .mutation(({ ctx, input }) => service.updateLocation(ctx.locations, callerOf(ctx), input)),
  delete: staffProcedure
    .meta(rest('DELETE /api/location/{id}', 'Delete a location without customers or meters; 409 otherwise', { ...id, status: 204, errors: [409] }))
    .input(byId)
    .mutation(({ ctx, input }) => service.deleteLocation(ctx.locations, callerOf(ctx), input.locationId)),
});
