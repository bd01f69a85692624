import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createMeterSchema, updateMeterSchema } from '@/domain/meter';
import { listQuerySchema } from '@/domain/paging';
import { router, staffProcedure } from '../../trpc/trpc';
import { listMeters } from './meters.queries';
import * as service from './meters.service';

const byId = v.object({ meterId: idSchema });

export const metersRouter = router({
  list: staffProcedure.input(listQuerySchema).query(({ ctx, input }) => listMeters(ctx.db, ctx.user, input)),
  get: staffProcedure.input(byId).query(({ ctx, input }) => service.getMeter(ctx.db, ctx.user, input.meterId)),
  create: staffProcedure.input(createMeterSchema).mutation(({ ctx, input }) => service.createMeter(ctx.db, ctx.user, input)),
  update: staffProcedure.input(updateMeterSchema).mutation(({ ctx, input }) => service.updateMeter(ctx.db, ctx.user, input)),
  delete: staffProcedure.input(byId).mutation(({ ctx, input }) => service.deleteMeter(ctx.db, ctx.user, input.meterId)),
});
