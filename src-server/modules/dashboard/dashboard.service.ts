/**
 * The dashboard's figures: per location the modules its meters make (electricity, feed-in, gas),
 * each with the newest day of data, this week and last week, every one up to where the data ends
 * and against the same days a week earlier, today's forecast, and the data's freshness.
 */
import { MODULES, MODULE_SELECTORS, type ModuleSummary, locationSelector } from '@/domain/dashboard';
import type { Location } from '@/domain/location';
import type { User } from '@/domain/user';
import { addDays, localDate, localMidnight, wallClock } from '@/lib/amsterdam';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { listVisibleLocations } from '../locations/locations.queries';
import { predictTotal } from '../measurements/forecast';
import { cachedFigure } from '../measurement-store/figure-cache';
import { aggregate, dataSpan, sumAndCount } from '../measurement-store/measurement-store.queries';
import { metersOfLocation } from '../meters/meters.queries';
import { dataEnd, spanFigure } from './span-figure';

function moduleChannels(meters: Awaited<ReturnType<typeof metersOfLocation>>) {
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

/** The seven whole local days before the day the data ends in (or before the midnight it ends at), per day. */
async function recentDays(db: DB, channelIds: number[], nowTs: number) {
  const { last } = await dataSpan(db, channelIds);
  if (last === null) return null;
  const endDate = localDate(dataEnd(last, nowTs));
  const from = localMidnight(addDays(endDate, -7));
  const to = localMidnight(endDate);
  const days = await aggregate(db, channelIds, 'day', from, to);
  const sum = (values: (number | null)[]) => (values.every((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v ?? 0), 0));
  return {
    ...(await spanFigure(db, channelIds, from, to)),
    days: days.map((d) => ({ date: d.timestamp.slice(0, 10), value: sum(d.values) })),
    lastDataAt: isoFromSeconds(last)!,
  };
}

export async function dashboardLocations(db: DB, user: User, now: Date) {
  const nowTs = Math.floor(now.getTime() / 1000);
  const locations = await listVisibleLocations(db, user);
  return Promise.all(
    locations.map(async (location) => {
      const modules = moduleChannels(await metersOfLocation(db, user, location.id));
      const power = modules.find((m) => m.selector === 'elektriciteit');
      return {
        id: location.id,
        name: location.name,
        city: location.city,
        streetAddress: location.streetAddress,
        selector: locationSelector(location),
        modules: modules.map((m) => m.selector),
        recentDays: power ? await recentDays(db, power.channelIds, nowTs) : null,
      };
    }),
  );
}

async function moduleSummary(db: DB, selector: ModuleSummary['selector'], channelIds: number[], now: Date): Promise<ModuleSummary> {
  const { nowTs, today, monday } = weekSpan(now);
  const { first, last } = await dataSpan(db, channelIds);
  const end = last === null ? localMidnight(addDays(monday, -7)) : dataEnd(last, nowTs);
  const thisMonday = localMidnight(monday);
  const lastMonday = localMidnight(addDays(monday, -7));
  return {
    selector,
    title: MODULES[selector].title,
    unit: MODULES[selector].unit,
    channelIds,
    firstDataAt: isoFromSeconds(first),
    lastDataAt: isoFromSeconds(last),
    latestDay: last === null ? null : await spanFigure(db, channelIds, localMidnight(localDate(last)), end),
    thisWeek: await spanFigure(db, channelIds, thisMonday, Math.min(end, nowTs)),
    lastWeek: await spanFigure(db, channelIds, lastMonday, Math.min(end, thisMonday)),
    // Depends only on stored values and the day: cached until the sync stores values for these channels.
    todayForecast: await cachedFigure(db, `forecast:${today}`, channelIds, () => predictTotal(db, channelIds, today)),
  };
}

/** The modules of a location the caller's scoped query found. */
export async function dashboardLocation(db: DB, user: User, location: Location, now: Date) {
  const channels = moduleChannels(await metersOfLocation(db, user, location.id));
  const modules = await Promise.all(channels.map(({ selector, channelIds }) => moduleSummary(db, selector, channelIds, now)));
  return { id: location.id, name: location.name, city: location.city, streetAddress: location.streetAddress, selector: locationSelector(location), modules };
}

/** A location's energy per module over [from, to) as this user may see it; null where no value is stored. */
export async function energyPerModule(db: DB, user: User, locationId: number, from: number, to: number) {
  const channels = moduleChannels(await metersOfLocation(db, user, locationId));
  return Promise.all(
    channels.map(async ({ selector, channelIds }) => {
      const { total, count } = await sumAndCount(db, channelIds, from, to);
      return { selector, title: MODULES[selector].title, unit: MODULES[selector].unit, value: count > 0 ? total : null };
    }),
  );
}
