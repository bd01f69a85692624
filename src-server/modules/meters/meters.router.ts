import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createMeterSchema, meterSchema, updateMeterSchema } from '@/domain/meter';
import { listQuerySchema, pageSchema } from '@/domain/paging';
import { rest } from '../../api/trpc/rest-route';
import { router, staffProcedure } from '../../api/trpc/trpc';
import { listMeters } from './meters.queries';
import * as service from './meters.service';
import { callerOf } from '../../platform/caller';

const byId = v.object({ meterId: idSchema });
const id = { params: { id: 'meterId' } };

export const metersRouter = router({
  list: staffProcedure
    .meta(rest('GET /api/meters/list', 'Page through meters (pageNumber 0-based, pageSize ≤ 100, query)'))
    .input(listQuerySchema)
    .output(pageSchema('meters', meterSchema))
    .query(({ ctx, input }) => listMeters(ctx.db, ctx.user, input)),
  get: staffProcedure
    .meta(rest('GET /api/meter/{id}', 'One meter', id))
    .input(byId)
    .output(meterSchema)
    .query(({ ctx, input }) => service.getMeter(ctx, callerOf(ctx), input.meterId)),
  create: staffProcedure
    .meta(rest('POST /api/meters/create', 'Create a meter; electricity or gas, bound to channels by {type: "meterbeheer", id}', { status: 201 }))
    .input(createMeterSchema)
    .output(meterSchema)
    .mutation(({ ctx, input }) => service.createMeter(ctx, callerOf(ctx), input)),
  update: staffProcedure
    .meta(rest('PATCH /api/meter/{id}', 'Edit a meter (not its type)', id))
    .input(updateMeterSchema)
    .output(meterSchema)
    .mutation(({ ctx, input }) => service.updateMeter(ctx, callerOf(ctx), input)),
  delete: staffProcedure
    .meta(rest('DELETE /api/meter/{id}', 'Delete a meter (its channels and data stay)', { ...id, status: 204 }))
    .input(byId)
    .mutation(({ ctx, input }) => service.deleteMeter(ctx, callerOf(ctx), input.meterId)),
});
