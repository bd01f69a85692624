/** The response-time report: per local day, week or month, how fast alarms were acknowledged and resolved. */
import * as v from 'valibot';
import { prioritySchema } from './alarm-dashboard';
import { idSchema, idValue } from './common';
import { ALARM_COUNT_GRANULARITIES, localDaySchema } from './alarm';

export const responseTimesSchema = v.pipe(
  v.object({
    dashboardId: idSchema,
    from: localDaySchema('from'),
    to: localDaySchema('to'),
    granularity: v.picklist(ALARM_COUNT_GRANULARITIES, 'De indeling moet day, week of month zijn.'),
    priority: v.optional(prioritySchema),
    /** Only the alarms of one location (a month report per location). */
    locationId: v.optional(idValue('Filter op het id van een locatie.')),
  }),
  v.forward(
    v.check((q) => q.from < q.to, '`to` moet na `from` liggen.'),
    ['to'],
  ),
);
export const responseTimeItemSchema = v.object({
  date: v.string(),
  raised: v.number(),
  acknowledged: v.number(),
  resolved: v.number(),
  ackMedianSeconds: v.nullable(v.number()),
  ackP90Seconds: v.nullable(v.number()),
  resolveMedianSeconds: v.nullable(v.number()),
  resolveP90Seconds: v.nullable(v.number()),
});
export type ResponseTimeItem = v.InferOutput<typeof responseTimeItemSchema>;
