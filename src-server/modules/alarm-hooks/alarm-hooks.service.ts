/**
 * The inbound hooks: a request's alerts, already mapped (`hook-alerts.ts`), raise,
 * group or resolve alarms on the token's dashboard, all in one transaction (all or nothing), and
 * the live events go out once it has committed.
 */
import type { HookResult } from '@/domain/alarm-hook';
import type { Actor } from '@/domain/alarm-lifecycle';
import { epochSeconds } from '../../platform/clock';
import type { AlarmEvent } from '../../platform/events/event-bus';
import { dashboardDefaults } from '../alarm-dashboards/alarm-dashboards.queries';
import { landingFolderId } from '../alarm-folders/alarm-folders.queries';
import { type AlarmDeps, checkLocations, locationsByRef } from '../alarms/alarms.service';
import { countsEvent, type Raise, raiseMany, resolveKeys } from '../alarms/lifecycle';
import type { HookAlert } from './hook-alerts';

export interface HookToken {
  id: number;
  dashboardId: number;
  name: string;
}

/** The history names the token and the tool: `Prometheus (Alertmanager)`. */
const hookActor = (token: HookToken, tool: string): Actor => ({ type: 'API', name: `${token.name} (${tool})` });

export async function takeAlerts(
  deps: AlarmDeps,
  token: HookToken,
  tool: string,
  alerts: HookAlert[],
  locationField = (index: number) => `alerts.${index}.locationId`,
): Promise<HookResult> {
  const { db } = deps;
  const { dashboardId } = token;
  const { defaultPriority } = await dashboardDefaults(db, dashboardId);
  const folderId = await landingFolderId(db, dashboardId, []);
  // A location of another organization refuses the whole request, as a bad payload does.
  await checkLocations(
    deps,
    dashboardId,
    alerts.map((a) => a.locationId),
    locationField,
  );
  // A label naming no location of the organization leaves the alarm without one (no 4xx: the tool cannot fix it).
  const labelled = await locationsByRef(
    deps,
    dashboardId,
    alerts.map((a) => a.locationRef),
  );
  const actor = hookActor(token, tool);
  const at = epochSeconds(deps.clock);
  const result = { created: 0, grouped: 0, resolved: 0 };
  const events: AlarmEvent[] = [];
  await db.transaction().execute(async (trx) => {
    // Resolves in a row are one move, firing alerts in a row one `raiseMany` (order kept: a firing
    // alert after a resolve may raise its key anew, a resolve after a firing alert resolves it).
    let resolving: string[] = [];
    let raising: Raise[] = [];
    const flush = async () => {
      if (raising.length) {
        for (const raised of await raiseMany(
          trx,
          raising.map((alarm) => ({ at, actor, dashboardId, alarm })),
        )) {
          result[raised.grouped ? 'grouped' : 'created'] += 1;
          events.push(...raised.events);
        }
        raising = [];
      }
      if (resolving.length) {
        const resolved = await resolveKeys(trx, at, actor, dashboardId, resolving, { by: 'API' });
        result.resolved += resolved.resolved;
        events.push(...resolved.events);
        resolving = [];
      }
    };
    for (const [index, alert] of alerts.entries()) {
      if (alert.status === 'resolved') {
        if (raising.length) await flush();
        resolving.push(alert.key!);
        continue;
      }
      if (resolving.length) await flush();
      raising.push({
        line: alert.line,
        priority: alert.priority ?? defaultPriority,
        data: alert.data,
        deadlineAt: null,
        folderId,
        key: alert.key,
        windowSeconds: null,
        alarmEmailId: null,
        locationId: alert.locationId ?? labelled[index] ?? null,
        receivedAt: alert.startsAt == null ? null : Math.floor(alert.startsAt / 1000),
      });
    }
    await flush();
  });
  // Every raise answers the counts event; consoles need it once per request.
  const alarmEvents = events.filter((e) => e !== countsEvent);
  deps.events.publish(dashboardId, alarmEvents.length < events.length ? [...alarmEvents, countsEvent] : alarmEvents);
  return result;
}
