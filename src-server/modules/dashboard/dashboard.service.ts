/**
 * The dashboard's figures: per location the modules its meters make (electricity, feed-in, gas),
 * each with today so far, today's forecast, and this week against the same span of last week.
 */
import { MODULES, MODULE_SELECTORS, type ModuleSummary, locationSelector } from '@/domain/dashboard';
import type { User } from '@/domain/user';
import { addDays, localDate, localMidnight, wallClock } from '@/lib/amsterdam';
import type { DB } from '../../db/database';
import { listVisibleLocations } from '../locations/locations.queries';
import { getLocation } from '../locations/locations.service';
import { predictTotal } from '../measurements/forecast';
import { cachedFigure } from '../measurements/figure-cache';
import { round, sumTotal } from '../measurements/measurements.queries';
import { lastMeasurementTs } from '../measurements/measurements.store';
import { metersOfLocation } from '../meters/meters.queries';

function moduleChannels(meters: Awaited<ReturnType<typeof metersOfLocation>>) {
  return MODULE_SELECTORS.map((selector) => {
    const { meterType, channel } = MODULES[selector];
    const channelIds = meters.filter((m) => m.type === meterType).flatMap((m) => (m[channel] ? [m[channel]!.id] : []));
    return { selector, channelIds };
  }).filter((m) => m.channelIds.length > 0);
}

async function newestData(db: DB, channelIds: number[]) {
  const newest = Math.max(...(await Promise.all(channelIds.map((id) => lastMeasurementTs(db, id)))).map((ts) => ts ?? -1));
  return newest < 0 ? null : new Date(newest * 1000).toISOString();
}

/** The sum over [from, to), or minus the sum over [to, from) when `to` comes first (a week back across a DST change). */
const signedSum = async (db: DB, channelIds: number[], from: number, to: number) =>
  to >= from ? sumTotal(db, channelIds, from, to) : -(await sumTotal(db, channelIds, to, from));

function weekSpan(now: Date) {
  const nowTs = Math.floor(now.getTime() / 1000);
  const today = localDate(nowTs);
  const monday = addDays(today, -((wallClock(nowTs).getUTCDay() + 6) % 7));
  return { nowTs, today, monday };
}

export async function dashboardLocations(db: DB, user: User, now = new Date()) {
  const { nowTs, monday } = weekSpan(now);
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
        weekConsumption: power ? await sumTotal(db, power.channelIds, localMidnight(monday), nowTs) : null,
      };
    }),
  );
}

/**
 * Today's forecast and last week's whole days depend only on stored values and the local day: they
 * are cached per channels and day until the sync stores new values for those channels. What moves
 * with the clock (today so far, this week, the partial day of last week) is summed per request.
 */
export async function dashboardLocation(db: DB, user: User, locationId: number, now = new Date()) {
  const location = await getLocation(db, user, locationId);
  const { nowTs, today, monday } = weekSpan(now);
  const modules: ModuleSummary[] = [];
  for (const { selector, channelIds } of moduleChannels(await metersOfLocation(db, user, locationId))) {
    const lastWeekToday = localMidnight(addDays(today, -7));
    const lastWeekDays = cachedFigure(db, `last-week-days:${today}`, channelIds, () =>
      sumTotal(db, channelIds, localMidnight(addDays(monday, -7)), lastWeekToday),
    );
    modules.push({
      selector,
      title: MODULES[selector].title,
      unit: MODULES[selector].unit,
      channelIds,
      todaySoFar: await sumTotal(db, channelIds, localMidnight(today), nowTs),
      todayForecast: await cachedFigure(db, `forecast:${today}`, channelIds, () => predictTotal(db, channelIds, today)),
      thisWeek: await sumTotal(db, channelIds, localMidnight(monday), nowTs),
      lastWeekSameSpan: round((await lastWeekDays) + (await signedSum(db, channelIds, lastWeekToday, nowTs - 7 * 86400))),
      lastDataAt: await newestData(db, channelIds),
    });
  }
  return { id: location.id, name: location.name, city: location.city, streetAddress: location.streetAddress, selector: locationSelector(location), modules };
}
