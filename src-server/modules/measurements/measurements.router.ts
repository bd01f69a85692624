import * as v from 'valibot';
import {
  aggregateMeasurementSchema,
  aggregateSchema,
  dateSchema,
  forecastHourSchema,
  measurementSchema,
  peakMeasurementSchema,
  peakSchema,
  rangeSchema,
  selectSchema,
} from '@/domain/measurement';
import { trusted } from '../../api/trpc/trusted-output';
import { withOwnJson } from '../../api/trpc/own-json';
import { aggregateJson } from '../measurement-store/measurement-store.queries';
import { rest } from '../../api/trpc/rest-route';
import { router, signedInProcedure } from '../../api/trpc/trpc';
import * as service from './measurements.service';
import { callerOf } from '../../platform/caller';

const BASE = '/api/meter-channel/{ids}/measurements';
const ids = { params: { ids: 'channelIds' } };
// Answers of up to 40,000 buckets: documented and typed, not parsed again on the way out.
const measurements = trusted(v.array(measurementSchema));

export const measurementsRouter = router({
  aggregate: signedInProcedure
    .meta(
      rest(
        `GET ${BASE}/aggregate/{granularity}`,
        'Sums per local bucket (quarter_hour|hour|day|week|month|year), one value per channel, null without data; from/to local YYYY-MM-DDTHH:mm:ss',
        ids,
      ),
    )
    .input(aggregateSchema)
    .output(trusted(v.array(aggregateMeasurementSchema)))
    // REST sends the series as `aggregateJson` writes it (the same bytes as JSON.stringify, faster).
    .query(async ({ ctx, input }) =>
      withOwnJson(await service.aggregateMeasurements(ctx, callerOf(ctx), input.channelIds, input.granularity, input.from, input.to), aggregateJson),
    ),
  select: signedInProcedure
    .meta(rest(`GET ${BASE}/select/{kind}`, 'Per stored interval summed over the channels (interval) or a running total (cumulative)', ids))
    .input(selectSchema)
    .output(measurements)
    .query(({ ctx, input }) => service.selectMeasurements(ctx, callerOf(ctx), input.channelIds, input.kind, input.from, input.to)),
  sumTotal: signedInProcedure
    .meta(rest(`GET ${BASE}/sum/total`, 'One number: the sum over channels and range', ids))
    .input(rangeSchema)
    .output(v.number())
    .query(({ ctx, input }) => service.totalMeasurements(ctx, callerOf(ctx), input.channelIds, input.from, input.to)),
  predictHourly: signedInProcedure
    .meta(
      rest(
        `GET ${BASE}/predict-sum/hourly-at-date`,
        'Hourly forecast of the summed channels for a local date, from the days before it only; low/high: the band the actual value fell in on 8 of 10 recent days (null with too little history)',
        ids,
      ),
    )
    .input(dateSchema)
    .output(v.array(forecastHourSchema))
    .query(({ ctx, input }) => service.forecastHourly(ctx, callerOf(ctx), input.channelIds, input.date)),
  predictTotal: signedInProcedure
    .meta(rest(`GET ${BASE}/predict-sum/total-at-date`, "Forecast of the date's total", ids))
    .input(dateSchema)
    .output(v.nullable(v.number()))
    .query(({ ctx, input }) => service.forecastTotal(ctx, callerOf(ctx), input.channelIds, input.date)),
  peaks: signedInProcedure
    .meta(
      rest(
        `GET ${BASE}/peak/{granularity}`,
        'Per local bucket (day|week|month|year) the highest quarter-hour demand in kW (kWh per quarter × 4, summed over the channels) and the start of that quarter',
        ids,
      ),
    )
    .input(peakSchema)
    .output(v.array(peakMeasurementSchema))
    .query(({ ctx, input }) => service.peakDemand(ctx, callerOf(ctx), input.channelIds, input.granularity, input.from, input.to)),
});
