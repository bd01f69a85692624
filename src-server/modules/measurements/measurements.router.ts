import { aggregateSchema, dateSchema, rangeSchema, selectSchema } from '@/domain/measurement';
import { router, signedInProcedure } from '../../trpc/trpc';
import * as service from './measurements.service';

export const measurementsRouter = router({
  aggregate: signedInProcedure.input(aggregateSchema).query(({ ctx, input }) => service.aggregateMeasurements(ctx.db, ctx.user, input.channelIds, input.granularity, input.from, input.to)),
  select: signedInProcedure.input(selectSchema).query(({ ctx, input }) => service.selectMeasurements(ctx.db, ctx.user, input.channelIds, input.kind, input.from, input.to)),
  sumTotal: signedInProcedure.input(rangeSchema).query(({ ctx, input }) => service.totalMeasurements(ctx.db, ctx.user, input.channelIds, input.from, input.to)),
  predictHourly: signedInProcedure.input(dateSchema).query(({ ctx, input }) => service.forecastHourly(ctx.db, ctx.user, input.channelIds, input.date)),
  predictTotal: signedInProcedure.input(dateSchema).query(({ ctx, input }) => service.forecastTotal(ctx.db, ctx.user, input.channelIds, input.date)),
});
