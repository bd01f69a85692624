/**
 * Measurement queries: channel ids, local Europe/Amsterdam times, granularities,
 * kinds, and the limits that keep one answer bounded.
 */
import * as v from 'valibot';

const GRANULARITIES = ['quarter_hour', 'hour', 'day', 'week', 'month', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
const SELECT_KINDS = ['interval', 'cumulative'] as const;

/** At most this many buckets (or intervals) in one answer: a year of quarter-hours is 35,136. */
export const MAX_BUCKETS = 40_000;
const MAX_CHANNELS = 100;
/**
 * At most this many values (channels × buckets, or channels × quarter-hours for `select`) per
 * answer: a channel-year of quarter-hours, 11 channel-years of hours or 100 of days fit.
 */
export const MAX_CELLS = 100_000;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const localDateTimeSchema = (field: string) =>
  v.pipe(
    v.string(`${field} moet worden opgegeven (JJJJ-MM-DDTUU:mm:ss).`),
    v.check((s) => {
      const m = LOCAL_TIME.exec(s);
      if (!m) return false;
      const [y, mo, d, h, mi, se] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && se < 60;
    }, `${field} moet een datum en tijd zijn als 2024-03-31T00:00:00.`),
  );

/**
 * `1,2,1`: the ids as given, repeats included, since `aggregate` answers one value per given
 * position. Readers use `uniqueChannelIds`, so a repeated id is read only once.
 */
const channelIdsSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/, 'De kanalen moeten een komma-gescheiden lijst van ids zijn.'),
  v.transform((s) => s.split(',').map(Number)),
  v.maxLength(MAX_CHANNELS, `Hoogstens ${MAX_CHANNELS} kanalen tegelijk.`),
);

/** The ids without repeats, in the order first given. */
export const uniqueChannelIds = (ids: number[]) => [...new Set(ids)];

const range = { channelIds: channelIdsSchema, from: localDateTimeSchema('from'), to: localDateTimeSchema('to') };
export const rangeSchema = v.object(range);
export const aggregateSchema = v.object({ ...range, granularity: v.picklist(GRANULARITIES, `De indeling moet een van ${GRANULARITIES.join(', ')} zijn.`) });
export const selectSchema = v.object({ ...range, kind: v.picklist(SELECT_KINDS, 'Het soort moet interval of cumulative zijn.') });
export const dateSchema = v.object({
  channelIds: channelIdsSchema,
  date: v.pipe(
    v.string('date moet worden opgegeven (JJJJ-MM-DD).'),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date moet een datum zijn als 2024-03-31.'),
    localDateTimeSchema('date'),
  ),
});

export const measurementSchema = v.object({ timestamp: v.string(), value: v.nullable(v.number()) });
/**
 * An hour of a day's forecast: `value` as `measurementSchema`, and the band of likely values
 * (`low`–`high`, the 10th–90th percentile of the forecast's own past errors; null with too little history).
 */
export const forecastHourSchema = v.object({ ...measurementSchema.entries, low: v.nullable(v.number()), high: v.nullable(v.number()) });
export type ForecastHour = v.InferOutput<typeof forecastHourSchema>;
export const aggregateMeasurementSchema = v.object({ timestamp: v.string(), values: v.array(v.nullable(v.number())) });
export type AggregateMeasurement = v.InferOutput<typeof aggregateMeasurementSchema>;

/** Peak demand: the highest quarter-hour per local bucket (large connections are billed on it). */
const PEAK_GRANULARITIES = ['day', 'week', 'month', 'year'] as const;
export const peakSchema = v.object({
  ...range,
  granularity: v.picklist(PEAK_GRANULARITIES, `De indeling moet een van ${PEAK_GRANULARITIES.join(', ')} zijn.`),
});
/** Per bucket: the highest demand in kW (the quarter's kWh × 4, summed over the channels) and the start of that quarter; null without data. */
export const peakMeasurementSchema = v.object({ timestamp: v.string(), kw: v.nullable(v.number()), at: v.nullable(v.string()) });
export type PeakMeasurement = v.InferOutput<typeof peakMeasurementSchema>;
