/**
 * The dashboard's figures: per location the modules its meters make (electricity, feed-in, gas),
 * each with the newest day of data, this week and last week, every one up to where the data ends
 * and against the same days a week earlier, today's forecast, and the data's freshness.
 */
import { MODULES, MODULE_SELECTORS, type ModuleSummary, locationSelector } from '@/domain/dashboard';
import type { Location } from '@/domain/location';
import type { Meter } from '@/domain/meter';
import { addDays, localDate, localMidnight, wallClock } from '@/lib/amsterdam';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { listVisibleLocations } from '../locations/locations.queries';
import { predictTotal } from '../measurements/forecast';
import { cachedFigure } from '../measurement-store/figure-cache';
import { type SumWindow, edgesPerChannel, sumAndCount, windowSums } from '../measurement-store/measurement-store.queries';
import { metersOfLocation, metersOfLocations } from '../meters/meters.queries';
import { recentDaysOfLocations } from './recent-days';
import type { Caller } from '../../platform/caller';
import { dataEnd, figureOf, shiftDays, totalOf } from './span-figure';

function moduleChannels(meters: Meter[]) {
  return MODULE_SELECTORS.map((selector) => {
    const { meterType, channel } = MODULES[selector];
    const channelIds = meters.filter((m) => m.type === meterType).flatMap((m) => (m[channel] ? [m[channel]!.id] : []));
    return { selector, channelIds };
  }).filter((m) => m.channelIds.length > 0);
}

function weekSpan(now: Date) {
  const nowTs = Math.floor(now.getTime() / 1000);
  const today = localDate(nowTs);
  const monday = addDays(today, -((wallClock(nowTs).getUTCDay() + 6) % 7));
  return { nowTs, today, monday };
}

interface Deps {
  db: DB;
}

/** Every visible location with its modules and recent electricity days, in four statements however many there are. */
export async function dashboardLocations({ db }: Deps, caller: Caller, now: Date) {
  const { user } = caller;
  const nowTs = Math.floor(now.getTime() / 1000);
  const locations = await listVisibleLocations(db, user);
  const meters = await metersOfLocations(
    db,
    user,
    locations.map((l) => l.id),
  );
  const modulesOf = new Map(locations.map((l) => [l.id, moduleChannels(meters.filter((m) => m.locationId === l.id))]));
  const power = new Map<number, number[]>();
  for (const [id, modules] of modulesOf) {
    const channelIds = modules.find((m) => m.selector === 'elektriciteit')?.channelIds;
    if (channelIds) power.set(id, channelIds);
  }
  const recent = await recentDaysOfLocations(db, power, nowTs);
  return locations.map((location) => ({
    id: location.id,
    name: location.name,
    city: location.city,
    streetAddress: location.streetAddress,
    selector: locationSelector(location),
    modules: modulesOf.get(location.id)!.map((m) => m.selector),
    recentDays: recent.get(location.id) ?? null,
  }));
}

const SPANS = ['latestDay', 'thisWeek', 'lastWeek'] as const;

/**
 * Every module's figures of one location in three statements (the channels' first and last
 * intervals, then the sums of every span and the span a week before it, hourly and quarterly), not
 * seven per module: on PostgreSQL each statement is a round trip.
 */
async function moduleSummaries(db: DB, channels: { selector: ModuleSummary['selector']; channelIds: number[] }[], now: Date): Promise<ModuleSummary[]> {
  const { nowTs, today, monday } = weekSpan(now);
  const thisMonday = localMidnight(monday);
  const lastMonday = localMidnight(addDays(monday, -7));
  const edges = await edgesPerChannel(db, [...new Set(channels.flatMap((c) => c.channelIds))]);
  const plans = channels.map(({ selector, channelIds }) => {
    const known = channelIds.map((id) => edges.get(id)!);
    const firsts = known.flatMap((e) => (e.first === null ? [] : [e.first]));
    const lasts = known.flatMap((e) => (e.last === null ? [] : [e.last]));
    const first = firsts.length > 0 ? Math.min(...firsts) : null;
    const last = lasts.length > 0 ? Math.max(...lasts) : null;
    const end = last === null ? lastMonday : dataEnd(last, nowTs);
    const spans = {
      latestDay: last === null ? null : { from: localMidnight(localDate(last)), to: end },
      thisWeek: { from: thisMonday, to: Math.min(end, nowTs) },
      lastWeek: { from: lastMonday, to: Math.min(end, thisMonday) },
    };
    return { selector, channelIds, first, last, spans };
  });
  // Key: module, span, and 0 for the span or 1 for the span a week before it.
  const key = (m: number, s: number, earlier: number) => (m * SPANS.length + s) * 2 + earlier;
  const windows: SumWindow[] = plans.flatMap(({ channelIds, spans }, m) =>
    SPANS.flatMap((name, s) => {
      const span = spans[name];
      if (span === null || span.to <= span.from) return [];
      return channelIds.flatMap((channelId) => [
        { channelId, key: key(m, s, 0), from: span.from, to: span.to },
        { channelId, key: key(m, s, 1), from: shiftDays(span.from, -7), to: shiftDays(span.to, -7) },
      ]);
    }),
  );
  const sums = await windowSums(db, windows);
  const figure = (m: number, s: number, span: { from: number; to: number }) =>
    span.to <= span.from
      ? figureOf(span.from, span.from, { total: null, count: 0 }, { total: null, count: 0 })
      : figureOf(span.from, span.to, totalOf(sums.get(key(m, s, 0)) ?? []), totalOf(sums.get(key(m, s, 1)) ?? []));
  return Promise.all(
    plans.map(async ({ selector, channelIds, first, last, spans }, m) => ({
      selector,
      title: MODULES[selector].title,
      unit: MODULES[selector].unit,
      channelIds,
      firstDataAt: isoFromSeconds(first),
      lastDataAt: isoFromSeconds(last),
      latestDay: spans.latestDay === null ? null : figure(m, 0, spans.latestDay),
      thisWeek: figure(m, 1, spans.thisWeek),
      lastWeek: figure(m, 2, spans.lastWeek),
      // Depends only on stored values and the day: cached until the sync stores values for these channels.
      todayForecast: await cachedFigure(db, `forecast:${today}`, channelIds, () => predictTotal(db, channelIds, today)),
    })),
  );
}

/** The modules of a location the caller's scoped query found. */
export async function dashboardLocation({ db }: Deps, caller: Caller, location: Location, now: Date) {
  const { user } = caller;
  const modules = await moduleSummaries(db, moduleChannels(await metersOfLocation(db, user, location.id)), now);
  return { id: location.id, name: location.name, city: location.city, streetAddress: location.streetAddress, selector: locationSelector(location), modules };
}

/** A location's energy per module over [from, to) as this user may see it; null where no value is stored. */
export async function energyPerModule({ db }: Deps, caller: Pick<Caller, 'user'>, locationId: number, from: number, to: number) {
  const { user } = caller;
  const channels = moduleChannels(await metersOfLocation(db, user, locationId));
  return Promise.all(
    channels.map(async ({ selector, channelIds }) => {
      const { total, count } = await sumAndCount(db, channelIds, from, to);
      return { selector, title: MODULES[selector].title, unit: MODULES[selector].unit, value: count > 0 ? total : null };
    }),
  );
}
