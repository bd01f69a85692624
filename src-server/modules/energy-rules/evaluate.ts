/**
 * Energy rules as pure functions: stored quarter-hour values in, the alarms the
 * rule raises out. Days and months are local Europe/Amsterdam (a DST day has 92 or 100 quarters).
 * The sync's evaluation, the hourly NO_DATA check and the preview all call these, so a preview
 * shows exactly what evaluation would raise.
 *
 * `range.from` is where new data starts (a rule's last evaluated point; a preview's first day) and
 * `range.to` where the data ends: a quarter-hour counts when it starts in [from, to); a day (or a
 * BASE_LOAD window) is judged once, when its end falls in (from, to].
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { EnergyRuleConfig } from '@/domain/energy-rule';
import { addDays, amsterdamIso, amsterdamOffsetMinutes, localDate, localMidnight, wallClock } from '@/lib/amsterdam';

export interface Point {
  /** Start of the quarter-hour, UTC seconds. */
  ts: number;
  /** Energy in the quarter-hour (kWh, m3 for gas). */
  value: number;
}

export interface RuleSpec {
  /** null: an unsaved rule (preview); its keys read `energy:nieuw:…`. */
  id: number | null;
  priority: Priority;
  config: EnergyRuleConfig;
}

export interface Names {
  location: string;
  meter: string;
  /** The unit of the meter's energy: kWh, or m3 for gas. */
  unit: 'kWh' | 'm3';
}

export interface Hit {
  period: string;
  key: string;
  line: string;
  priority: Priority;
  data: Record<string, string>;
  /** How many new quarter-hours (or windows, days) crossed the limit: the first raises, the rest add occurrences. */
  occurrences: number;
}

const QUARTER = 900;
/** Average demand in kW over a quarter-hour holding `kwh`. */
const kw = (kwh: number) => kwh * 4; // 3600 / QUARTER, exact in binary

const fixed = [1, 2, 3].map((d) => new Intl.NumberFormat('nl-NL', { minimumFractionDigits: d, maximumFractionDigits: d }));
/**
 * A figure beside its limit with one decimal, or as many more (up to 3) as it takes to tell them
 * apart: never "3,4 kW boven 3,4 kW". `text` for the line, `plain` (dot decimals) for the data.
 */
function figure(value: number, limit: number) {
  let digits = 0;
  while (digits < 2 && fixed[digits]!.format(value) === fixed[digits]!.format(limit)) digits++;
  return { text: fixed[digits]!.format(value), plain: value.toFixed(digits + 1) };
}
const upToTwo = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/** `25-11 14:15`: local day and time. */
function dayTime(ts: number) {
  const w = wallClock(ts);
  return `${pad(w.getUTCDate())}-${pad(w.getUTCMonth() + 1)} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}
const dayMonth = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}`;
const unitText = (unit: Names['unit']) => (unit === 'm3' ? 'm³' : unit);

/** Where the values must be loaded from to judge data that is new from `from` on. */
export function loadStart(config: EnergyRuleConfig, from: number): number {
  const date = localDate(from);
  if (config.type === 'MONTHLY_PEAK') return localMidnight(previousMonth(`${date.slice(0, 7)}-01`));
  // A night window ending after `from` may have started the day before.
  if (config.type === 'BASE_LOAD' && crossesMidnight(config)) return localMidnight(addDays(date, -1));
  return localMidnight(date);
}

/**
 * The range `evaluate` takes to judge the local days [from, to): their quarter-hours and days, or
 * for BASE_LOAD their windows: from the end of the window of the day before `from` to the end of
 * the last day's (a night's window ends on the next day). A preview's range, and a look-back's start.
 */
export function daysRange(config: EnergyRuleConfig, from: string, to: string): { from: number; to: number } {
  if (config.type !== 'BASE_LOAD') return { from: localMidnight(from), to: localMidnight(to) };
  return { from: baseLoadWindow(addDays(from, -1), config).end, to: baseLoadWindow(addDays(to, -1), config).end };
}

function previousMonth(firstDay: string): string {
  const [y, m] = firstDay.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${pad(m - 1)}-01`;
}

/** Index of the first point at or after `ts` (points sorted by ts). */
function lowerBound(points: Point[], ts: number) {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `<head> — <location>, <meter> (<when>)`: what, where, and the local time it is about. */
function hit(
  rule: RuleSpec,
  names: Names,
  period: string,
  head: string,
  when: string | null,
  data: { value: string; limit: string; unit: string; at: number },
  occurrences = 1,
): Hit {
  return {
    period,
    key: `energy:${rule.id ?? 'nieuw'}:${period}`,
    line: `${head} — ${names.location}, ${names.meter}${when ? ` (${when})` : ''}`,
    priority: rule.priority,
    data: { location: names.location, meter: names.meter, value: data.value, limit: data.limit, unit: data.unit, at: amsterdamIso(data.at * 1000) },
    occurrences,
  };
}

/** Per local day (or month) of the points: the highest quarter and the new quarters above `limit(period)`. */
function peaksAbove(points: Point[], from: number, periodOf: (date: string) => string, limitOf: (period: string) => number | null) {
  const out: { period: string; max: Point; over: number; limit: number }[] = [];
  let current: (typeof out)[number] | null = null;
  let limit: number | null = null;
  let dayEnd = -Infinity;
  let period = '';
  for (const p of points) {
    if (p.ts >= dayEnd) {
      const date = localDate(p.ts);
      dayEnd = localMidnight(addDays(date, 1));
      const next = periodOf(date);
      if (next !== period) {
        if (current && current.over > 0) out.push(current);
        period = next;
        limit = limitOf(period);
        current = limit === null ? null : { period, max: p, over: 0, limit };
      }
    }
    if (!current) continue;
    if (p.value > current.max.value) current.max = p;
    if (p.ts >= from && kw(p.value) > current.limit) current.over++;
  }
  if (current && current.over > 0) out.push(current);
  return out;
}

function capacity(rule: RuleSpec, names: Names, points: Point[], from: number, limitKw: number): Hit[] {
  return peaksAbove(
    points,
    from,
    (d) => d,
    () => limitKw,
  ).map((d) =>
    hit(
      rule,
      names,
      d.period,
      `Piekvermogen ${figure(kw(d.max.value), limitKw).text} kW boven ${upToTwo.format(limitKw)} kW`,
      dayTime(d.max.ts),
      { value: figure(kw(d.max.value), limitKw).plain, limit: String(limitKw), unit: 'kW', at: d.max.ts },
      d.over,
    ),
  );
}

const nextMonth = (firstDay: string) => {
  const [y, m] = firstDay.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
};

function monthlyPeak(rule: RuleSpec, names: Names, points: Point[], from: number): Hit[] {
  // Each month's highest quarter, stepping by month boundaries (a year of quarters in a few ms).
  const monthMax = new Map<string, number>();
  let month = '';
  let monthEnd = -Infinity;
  for (const p of points) {
    if (p.ts >= monthEnd) {
      month = localDate(p.ts).slice(0, 7);
      monthEnd = localMidnight(nextMonth(`${month}-01`));
    }
    monthMax.set(month, Math.max(monthMax.get(month) ?? -Infinity, kw(p.value)));
  }
  const limitOf = (month: string) => monthMax.get(previousMonth(`${month}-01`).slice(0, 7)) ?? null;
  const monthStart = localMidnight(`${localDate(from).slice(0, 7)}-01`);
  return peaksAbove(
    points.filter((p) => p.ts >= monthStart),
    from,
    (d) => d.slice(0, 7),
    limitOf,
  ).map((m) =>
    hit(
      rule,
      names,
      m.period,
      `Nieuwe maandpiek ${figure(kw(m.max.value), m.limit).text} kW boven ${fixed[0]!.format(m.limit)} kW van vorige maand`,
      dayTime(m.max.ts),
      { value: figure(kw(m.max.value), m.limit).plain, limit: m.limit.toFixed(1), unit: 'kW', at: m.max.ts },
      m.over,
    ),
  );
}

/**
 * The instant of a local wall time `HH:mm` on `date`, by the offset rule rather than the time-zone
 * database (a year of windows in well under a millisecond); a time inside the spring gap reads an hour early.
 */
function wallTime(date: string, hhmm: string) {
  const midnight = localMidnight(date);
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const ts = midnight + h * 3600 + m * 60;
  return ts - (amsterdamOffsetMinutes(ts * 1000) - amsterdamOffsetMinutes(midnight * 1000)) * 60;
}

/** The local days from the first point's to the one holding `to`: each is judged when its end is in (from, to]. */
function* daysOf(points: Point[], to: number) {
  if (points.length === 0) return;
  for (let date = localDate(points[0]!.ts); localMidnight(date) < to; date = addDays(date, 1)) yield date;
}

type Window = { from: string; to: string };
/** `to` at or before `from`: the window ends on the next day (`22:00`–`06:00`; `20:00`–`00:00` until midnight). */
const crossesMidnight = (c: Window) => c.to <= c.from;

/**
 * The instants of the window of local day `date`. A DST night simply holds one hour more or less
 * (`22:00`–`06:00` is 36 quarters on 24-10-2026, 28 on 28-03-2026): the mean is over those that exist.
 */
function baseLoadWindow(date: string, c: Window) {
  return { start: wallTime(date, c.from), end: wallTime(crossesMidnight(c) ? addDays(date, 1) : date, c.to) };
}

function baseLoad(rule: RuleSpec, names: Names, points: Point[], range: { from: number; to: number }, c: Window & { limitKw: number }): Hit[] {
  const hits: Hit[] = [];
  // Each window once, when its end is in (from, to]; the one ending first after `from` may have started the day before.
  for (let date = addDays(localDate(range.from), -1); localMidnight(date) < range.to; date = addDays(date, 1)) {
    const { start, end } = baseLoadWindow(date, c);
    if (end <= range.from || end > range.to) continue;
    let sum = 0;
    let n = 0;
    for (let i = lowerBound(points, start); i < points.length && points[i]!.ts < end; i++, n++) sum += kw(points[i]!.value);
    if (n === 0 || sum / n <= c.limitKw) continue;
    const mean = sum / n;
    hits.push(
      hit(rule, names, date, `Basislast ${figure(mean, c.limitKw).text} kW boven ${upToTwo.format(c.limitKw)} kW tussen ${c.from} en ${c.to}`, dayMonth(date), {
        value: figure(mean, c.limitKw).plain,
        limit: String(c.limitKw),
        unit: 'kW',
        at: start,
      }),
    );
  }
  return hits;
}

function dailyEnergy(
  rule: RuleSpec,
  names: Names,
  points: Point[],
  range: { from: number; to: number },
  c: { channel: string; minKwh: number | null; maxKwh: number | null },
): Hit[] {
  const hits: Hit[] = [];
  const what = c.channel === 'export' ? 'Dagteruglevering' : 'Dagverbruik';
  const unit = unitText(names.unit);
  for (const date of daysOf(points, range.to)) {
    const start = localMidnight(date);
    const end = localMidnight(addDays(date, 1));
    if (end <= range.from || end > range.to) continue;
    let sum = 0;
    let n = 0;
    for (let i = lowerBound(points, start); i < points.length && points[i]!.ts < end; i++, n++) sum += points[i]!.value;
    if (n === 0) continue;
    const below = c.minKwh !== null && sum < c.minKwh;
    const above = c.maxKwh !== null && sum > c.maxKwh;
    if (!below && !above) continue;
    const limit = below ? c.minKwh! : c.maxKwh!;
    hits.push(
      hit(rule, names, date, `${what} ${figure(sum, limit).text} ${unit} ${below ? 'onder' : 'boven'} ${upToTwo.format(limit)} ${unit}`, dayMonth(date), {
        value: figure(sum, limit).plain,
        limit: String(limit),
        unit: names.unit,
        at: start,
      }),
    );
  }
  return hits;
}

/** The NO_DATA alarm for a silence since `lastEnd` (the end of the newest value), judged at `at`. */
export function noDataHit(rule: RuleSpec, names: Names, lastEnd: number, at: number, hours: number): Hit {
  const silent = (at - lastEnd) / 3600;
  return hit(
    rule,
    names,
    `geen-data-${amsterdamIso(lastEnd * 1000).slice(0, 16)}`,
    `Geen meetgegevens sinds ${dayTime(lastEnd)} (langer dan ${hours} uur)`,
    null,
    { value: silent.toFixed(1), limit: String(hours), unit: 'uur', at: lastEnd },
  );
}

/** NO_DATA over a past period: every gap longer than `hours` between values (and up to `to`). */
function noDataGaps(rule: RuleSpec, names: Names, points: Point[], range: { from: number; to: number }, hours: number): Hit[] {
  const hits: Hit[] = [];
  const limit = hours * 3600;
  let lastEnd = range.from;
  for (const p of points) {
    if (p.ts < range.from) continue;
    if (p.ts - lastEnd > limit) hits.push(noDataHit(rule, names, lastEnd, lastEnd + limit, hours));
    lastEnd = Math.max(lastEnd, p.ts + QUARTER);
  }
  if (range.to - lastEnd > limit) hits.push(noDataHit(rule, names, lastEnd, lastEnd + limit, hours));
  return hits;
}

/** The alarms the rule raises for values new in [range.from, range.to); `points` from `loadStart`, sorted. */
export function evaluate(rule: RuleSpec, names: Names, points: Point[], range: { from: number; to: number }): Hit[] {
  const c = rule.config;
  switch (c.type) {
    case 'CAPACITY':
      return capacity(rule, names, points, range.from, c.limitKw);
    case 'MONTHLY_PEAK':
      return monthlyPeak(rule, names, points, range.from);
    case 'BASE_LOAD':
      return baseLoad(rule, names, points, range, c);
    case 'DAILY_ENERGY':
      return dailyEnergy(rule, names, points, range, c);
    case 'NO_DATA':
      return noDataGaps(rule, names, points, range, c.hours);
  }
}
