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
import { sumTotal } from '../measurements/measurements.queries';
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

export async function dashboardLocation(db: DB, user: User, locationId: number, now = new Date()) {
  const location = await getLocation(db, user, locationId);
  const { nowTs, today, monday } = weekSpan(now);
  const modules: ModuleSummary[] = [];
  for (const { selector, channelIds } of moduleChannels(await metersOfLocation(db, user, locationId))) {
    const lastWeekNow = nowTs - 7 * 86400;
    modules.push({
      selector,
      title: MODULES[selector].title,
      unit: MODULES[selector].unit,
      channelIds,
      todaySoFar: await sumTotal(db, channelIds, localMidnight(today), nowTs),
      todayForecast: await predictTotal(db, channelIds, today),
      thisWeek: await sumTotal(db, channelIds, localMidnight(monday), nowTs),
      lastWeekSameSpan: await sumTotal(db, channelIds, localMidnight(addDays(monday, -7)), lastWeekNow),
      lastDataAt: await newestData(db, channelIds),
    });
  }
  return { id: location.id, name: location.name, city: location.city, streetAddress: location.streetAddress, selector: locationSelector(location), modules };
}
