/**
 * The day-ahead method, on a channel's own hourly history only (no weather, no other channels).
 *
 * A day's typical profile is the recency-weighted mean (weights 1, 0.85, 0.85², …) of the last five
 * days of its type: working days together, Saturdays, and Sundays with Dutch public holidays. The
 * forecast is that profile corrected by how far recent days strayed from their own profiles:
 * yesterday's deviation at that hour (smoothed over the neighbouring hours); yesterday's mean
 * deviation and that of the last day of the same type (Friday's for a Monday), each spread in
 * proportion to the hour's share of the profile; the deviation of yesterday's last two hours, fading
 * by 5 % an hour through the day; and the deviation around that hour on the same weekday over the last
 * four weeks (a Friday that always runs lower than the other working days). Two further terms let
 * the profile shed its own hour-to-hour noise: how far each hour lies from the mean of its two
 * neighbouring hours, and from the shape of up to fifteen days of the type scaled to the profile's
 * level. How much of each carries over is fitted by ridge regression (least squares shrunk towards
 * none) on the eight weeks before the day, so a meter whose hours are noisy learns to smooth and one
 * with sharp steps learns not to. The band holds the 10th to 90th percentile of the method's own
 * errors over the four weeks before the day, each of those days forecast from the data before it.
 * Every figure of a day comes from days strictly before it.
 */
import { addDays } from '@/lib/amsterdam';
import { isDutchHoliday } from '@/lib/dutch-holidays';

/** Energy per wall-clock hour 0–23 of a local day; null where nothing was stored. */
export type DayHours = (number | null)[];
/** The history: local date 'YYYY-MM-DD' → its hours. Only days before the forecast day are read. */
export type History = ReadonlyMap<string, DayHours>;
export interface HourForecast {
  value: number | null;
  low: number | null;
  high: number | null;
}

const SAME_TYPE_DAYS = 5;
const DECAY = 0.85;
const LOOKBACK_DAYS = 42;
const FIT_DAYS = 56;
const MIN_FIT_DAYS = 14;
const BAND_DAYS = 28;
const MIN_BAND_DAYS = 7;
const MIN_HOURS = 20; // a day with fewer stored hours does not count as history
const FEATURES = 7;
const SAME_TYPE_WITHIN = 4; // how far back the last day of the forecast day's type is looked for
const SAME_WEEKDAY_WEEKS = 4;
const FADE = 0.95; // per hour: how fast the deviation of the evening before fades through the day
const SHRINK = 0.1; // ridge: the carry-over coefficients are pulled towards none by this share of the sums
const SHAPE_DAYS = 15; // the longer history of a day's type whose shape (not level) the profile may lean towards
/** Days of history the method reads: the band's four weeks, their fits and the profiles of those. */
export const HISTORY_DAYS = BAND_DAYS + FIT_DAYS + LOOKBACK_DAYS;

const dayType = (date: string) => {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || isDutchHoliday(date) ? 'rest' : weekday === 6 ? 'saturday' : 'workday';
};

const mean = (values: (number | null)[]) => {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    n++;
  }
  return n ? sum / n : null;
};

/** The mean of the days' values at the hour and its two neighbours, or null if none has one. */
function around(days: DayHours[], h: number): number | null {
  let sum = 0;
  let n = 0;
  for (const hours of days) {
    for (let k = Math.max(0, h - 1); k <= Math.min(23, h + 1); k++) {
      const v = hours[k];
      if (v === null || v === undefined) continue;
      sum += v;
      n++;
    }
  }
  return n ? sum / n : null;
}

/**
 * One forecast's working state, by day index (1 = the day before the forecast day, 2 = the one
 * before, …): profiles, deviations and each day's share of the least-squares sums are made once
 * and shared by the day and its band's days.
 */
class Model {
  private readonly days: (DayHours | null)[] = [null];
  private readonly types: string[];
  private readonly profiles = new Map<number, number[] | null>();
  private readonly residuals = new Map<number, DayHours | null>();
  private readonly featureRows = new Map<number, number[][] | null>();
  private readonly sums = new Map<number, number[] | null>();
  readonly nonNegative: boolean;

  /** Reads the days before `until` only: nothing on or after it. */
  constructor(history: History, until: string) {
    this.types = [dayType(until)];
    for (let i = 1; i <= HISTORY_DAYS; i++) {
      const date = addDays(until, -i);
      const hours = history.get(date);
      this.days.push(hours && hours.filter((v) => v !== null).length >= MIN_HOURS ? hours : null);
      this.types.push(dayType(date));
    }
    this.nonNegative = this.days.every((hours) => !hours || hours.every((v) => v === null || v >= 0));
  }

  /** The recency-weighted mean of the last days of the day's type; any recent days if none. */
  profile(i: number): number[] | null {
    if (this.profiles.has(i)) return this.profiles.get(i)!;
    const same: DayHours[] = [];
    const any: DayHours[] = [];
    for (let j = i + 1; j <= Math.min(i + LOOKBACK_DAYS, HISTORY_DAYS) && same.length < SAME_TYPE_DAYS; j++) {
      const hours = this.days[j];
      if (!hours) continue;
      if (this.types[j] === this.types[i]) same.push(hours);
      if (any.length < 14) any.push(hours);
    }
    const days = same.length ? same : any;
    let profile: number[] | null = null;
    if (days.length) {
      profile = [];
      for (let h = 0; h < 24; h++) {
        let sum = 0;
        let weights = 0;
        days.forEach((hours, k) => {
          const v = hours[h];
          if (v === null || v === undefined) return;
          sum += v * DECAY ** k;
          weights += DECAY ** k;
        });
        profile.push(weights ? sum / weights : NaN);
      }
      const fill = mean(profile.map((v) => (Number.isNaN(v) ? null : v))) ?? 0;
      profile = profile.map((v) => (Number.isNaN(v) ? fill : v)); // an hour no day had (a DST gap)
    }
    this.profiles.set(i, profile);
    return profile;
  }

  /**
   * The mean of up to fifteen days of day i's type among the days read, scaled to the level of its
   * profile: the type's longer-run shape, without its old level. Null without such days.
   */
  private shape(i: number, profile: number[]): number[] | null {
    const sums = new Array<number>(24).fill(0);
    const counts = new Array<number>(24).fill(0);
    let days = 0;
    for (let j = i + 1; j <= HISTORY_DAYS && days < SHAPE_DAYS; j++) {
      const hours = this.days[j];
      if (!hours || this.types[j] !== this.types[i]) continue;
      for (let h = 0; h < 24; h++) {
        const v = hours[h];
        if (v === null || v === undefined) continue;
        sums[h]! += v;
        counts[h]!++;
      }
      days++;
    }
    if (!days) return null;
    const shape = sums.map((sum, h) => (counts[h] ? sum / counts[h]! : profile[h]!));
    const scale = (mean(profile) ?? 0) / (mean(shape) || 1);
    return shape.map((v) => v * scale);
  }

  private residual(i: number): DayHours | null {
    if (i > HISTORY_DAYS) return null;
    if (this.residuals.has(i)) return this.residuals.get(i)!;
    const hours = this.days[i];
    const profile = hours && this.profile(i);
    const residual = hours && profile ? hours.map((v, h) => (v === null ? null : v - profile[h]!)) : null;
    this.residuals.set(i, residual);
    return residual;
  }

  /**
   * Per hour: the day before's deviation around that hour; its mean deviation and that of the last
   * day of the same type, each in proportion to the hour's share of the profile; the deviation of the
   * last two hours before midnight, fading through the day; and the deviation around that hour on the
   * same weekday over the last four weeks; and two corrections of the profile's own hour-to-hour
   * noise: how far it lies from the mean of its neighbouring hours, and from the type's longer-run shape.
   */
  private features(i: number): number[][] | null {
    if (this.featureRows.has(i)) return this.featureRows.get(i)!;
    const r1 = this.residual(i + 1);
    const r2 = this.residual(i + 2);
    const profile = this.profile(i);
    let rows: number[][] | null = null;
    if (r1 && r2 && profile) {
      const level1 = mean(r1) ?? 0;
      let sameType = r1;
      for (let j = i + 1; j <= i + SAME_TYPE_WITHIN; j++) {
        const r = this.types[j] === this.types[i] ? this.residual(j) : null;
        if (r) {
          sameType = r;
          break;
        }
      }
      const levelSameType = mean(sameType) ?? 0;
      const evening = mean([r1[22] ?? null, r1[23] ?? null]) ?? level1;
      const weeks: DayHours[] = [];
      for (let k = 1; k <= SAME_WEEKDAY_WEEKS; k++) {
        const r = this.residual(i + 7 * k);
        if (r) weeks.push(r);
      }
      const weekday = weeks.length ? (mean(weeks.map((r) => mean(r))) ?? 0) : 0;
      const profileMean = mean(profile) || 1;
      const shape = this.shape(i, profile);
      rows = Array.from({ length: 24 }, (_, h) => {
        const share = profile[h]! / profileMean;
        return [
          around([r1], h) ?? level1,
          level1 * share,
          levelSameType * share,
          evening * FADE ** (h + 1),
          weeks.length ? (around(weeks, h) ?? weekday) : 0,
          h === 0 || h === 23 ? 0 : (profile[h - 1]! + profile[h + 1]!) / 2 - profile[h]!,
          shape ? shape[h]! - profile[h]! : 0,
        ];
      });
    }
    this.featureRows.set(i, rows);
    return rows;
  }

  /** A past day's share of the least-squares sums (XᵀX, Xᵀy and the number of hours), or null. */
  private sumsOf(i: number): number[] | null {
    if (this.sums.has(i)) return this.sums.get(i)!;
    const residual = this.residual(i);
    const x = residual && this.features(i);
    let sums: number[] | null = null;
    if (residual && x) {
      sums = new Array<number>(FEATURES * FEATURES + FEATURES + 1).fill(0);
      residual.forEach((r, h) => {
        if (r === null) return;
        const row = x[h]!;
        for (let a = 0; a < FEATURES; a++) {
          for (let b = 0; b < FEATURES; b++) sums![a * FEATURES + b]! += row[a]! * row[b]!;
          sums![FEATURES * FEATURES + a]! += row[a]! * r;
        }
        sums![FEATURES * FEATURES + FEATURES]!++;
      });
    }
    this.sums.set(i, sums);
    return sums;
  }

  private coefficients(i: number): number[] {
    const total = new Array<number>(FEATURES * FEATURES + FEATURES + 1).fill(0);
    for (let j = i + 1; j <= i + FIT_DAYS; j++) this.sumsOf(j)?.forEach((v, k) => (total[k]! += v));
    return total[FEATURES * FEATURES + FEATURES]! >= MIN_FIT_DAYS * MIN_HOURS ? solve(total) : new Array<number>(FEATURES).fill(0);
  }

  /** Day i's 24 hourly values (0 = the forecast day), or null without any history. */
  point(i: number): number[] | null {
    const profile = this.profile(i);
    if (!profile) return null;
    const x = this.features(i);
    const beta = x ? this.coefficients(i) : null;
    return profile.map((p, h) => {
      const v = p + (x && beta ? x[h]!.reduce((s, f, k) => s + f * beta[k]!, 0) : 0);
      return this.nonNegative ? Math.max(0, v) : v;
    });
  }

  /** Per hour the 10th and 90th percentile of past errors, relative to each day's mean forecast. */
  band(): [number, number][] | null {
    const errors: number[][] = Array.from({ length: 24 }, () => []);
    let days = 0;
    for (let i = 1; i <= BAND_DAYS; i++) {
      const actual = this.days[i];
      const forecast = actual && this.point(i);
      if (!forecast) continue;
      const level = Math.abs(mean(forecast) ?? 0) || 1;
      actual.forEach((v, h) => {
        if (v !== null) for (const near of [h - 1, h, h + 1]) if (near >= 0 && near < 24) errors[near]!.push((v - forecast[h]!) / level);
      });
      days++;
    }
    return days >= MIN_BAND_DAYS ? errors.map((e) => [quantile(e, 0.1), quantile(e, 0.9)]) : null;
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  return sorted[below]! + (sorted[Math.min(below + 1, sorted.length - 1)]! - sorted[below]!) * (at - below);
}

/** The ridge coefficients from the summed XᵀX and Xᵀy: shrunk towards no carry-over, so a few odd days cannot swing them. */
function solve(sums: number[]): number[] {
  const n = FEATURES;
  const a = Array.from({ length: n }, (_, i) => [...sums.slice(i * n, i * n + n), sums[n * n + i]!]);
  const ridge = (SHRINK * a.reduce((s, row, i) => s + row[i]!, 0)) / n || 1e-12;
  for (let i = 0; i < n; i++) a[i]![i]! += ridge;
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/**
 * The forecast of `date` per wall-clock hour 0–23, from the days before it in `history`; without
 * `withBand` low and high stay null (the band costs four weeks of past forecasts).
 */
export function forecastDay(history: History, date: string, withBand = true): HourForecast[] {
  const model = new Model(history, date);
  const point = model.point(0);
  if (!point) return Array.from({ length: 24 }, () => ({ value: null, low: null, high: null }));
  const band = withBand ? model.band() : null;
  const level = Math.abs(mean(point) ?? 0) || 1;
  return point.map((value, h) => {
    if (!band) return { value, low: null, high: null };
    const [lo, hi] = band[h]!;
    const low = Math.min(value, value + lo * level);
    const high = Math.max(value, value + hi * level);
    return { value, low: model.nonNegative ? Math.max(0, low) : low, high };
  });
}
