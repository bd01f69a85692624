/**
 * The customer's view of a location: a summary of its alarms and maintenance that its customers may
 * read when the location's `customerView` is SUMMARY (staff always, to see what the customer sees).
 * Above both stacks: it reads locations and organizations, alarms and maintenance windows, each
 * through the queries of the module that owns them.
 */
import { MONTH_ALARMS_MAX, RESOLVED_DAYS, STATUS_LIST_MAX, type LocationStatus, type MonthReport, previousMonth } from '@/domain/customer-view';
import type { Location } from '@/domain/location';
import { addDays, localDate, localMidnight } from '@/lib/amsterdam';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { Caller } from '../../platform/caller';
import type { DB } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import {
  alarmsOfLocationRaisedBetween,
  countAlarmsOfLocationRaisedBetween,
  countOpenAlarmsOfLocation,
  countResolvedAlarmsOfLocation,
  dashboardIdsOfLocation,
  openAlarmsOfLocation,
  resolvedAlarmsOfLocation,
} from '../alarms/location-status.queries';
import { energyPerModule } from '../dashboard/dashboard.service';
import { findLocation } from '../locations/locations.queries';
import { windowsNotEndedOn } from '../maintenance-windows/maintenance-windows.queries';
import { contactOfOrganization } from '../organizations/organizations.queries';

export interface CustomerViewDeps {
  db: DB;
  clock: Clock;
}

const iso = (seconds: number) => isoFromSeconds(seconds)!;

async function contactBlock(db: DB, organizationId: number) {
  const firm = await contactOfOrganization(db, organizationId);
  return { name: firm?.name ?? '', phone: firm?.contact.phone ?? null, email: firm?.contact.email ?? null, hours: firm?.contact.hours ?? null };
}

/** The summary of one location at `now`, for whoever was let through. */
async function statusOf(db: DB, location: Pick<Location, 'id' | 'name' | 'organizationId' | 'customerView'>, now: number): Promise<LocationStatus> {
  const since = now - RESOLVED_DAYS * 86_400;
  const [open, openCount, resolved, resolvedCount, dashboards, contact] = await Promise.all([
    openAlarmsOfLocation(db, location.id, STATUS_LIST_MAX),
    countOpenAlarmsOfLocation(db, location.id),
    resolvedAlarmsOfLocation(db, location.id, since, now + 1, STATUS_LIST_MAX),
    countResolvedAlarmsOfLocation(db, location.id, since, now + 1),
    dashboardIdsOfLocation(db, location.id),
    contactBlock(db, location.organizationId),
  ]);
  const windows = await windowsNotEndedOn(db, dashboards, now, STATUS_LIST_MAX);
  return {
    locationId: location.id,
    locationName: location.name,
    customerView: location.customerView,
    at: iso(now),
    openAlarms: open.map((a) => ({ line: a.line, priority: a.priority, since: iso(a.receivedAt), inProgress: a.acknowledgedAt !== null })),
    openCount,
    resolvedAlarms: resolved.map((a) => ({
      line: a.line,
      priority: a.priority,
      since: iso(a.receivedAt),
      resolvedAt: iso(a.resolvedAt),
      resolveSeconds: Math.max(0, a.resolvedAt - a.receivedAt),
    })),
    resolvedCount,
    maintenanceWindows: windows.map((w) => ({ from: iso(w.from), to: iso(w.to), active: w.from <= now, description: w.note.trim() || null })),
    contact,
  };
}

/**
 * A location's status: staff of its organization always; its own customers only while the
 * location shows them the summary. Anyone else, and a customer of a NONE location, gets 404.
 */
export async function locationStatus({ db, clock }: CustomerViewDeps, { user }: Caller, locationId: number): Promise<LocationStatus> {
  const location = await findLocation(db, user, locationId);
  if (!location || (user.type === 'customer' && location.customerView !== 'SUMMARY')) throw notFound('Deze locatie bestaat niet.');
  return statusOf(db, location, epochSeconds(clock));
}

/**
 * One month of a location: its energy per module as `user` may see it, and (unless `withAlarms` is
 * false) the alarms first raised in that month with their time to resolve. What the printable
 * report shows and the monthly mail sends.
 */
export async function monthReportOf(
  { db }: Pick<CustomerViewDeps, 'db'>,
  caller: Pick<Caller, 'user'>,
  location: Pick<Location, 'id' | 'name' | 'organizationId'>,
  month: string,
  withAlarms: boolean,
): Promise<MonthReport> {
  const from = localMidnight(`${month}-01`);
  const to = localMidnight(addDays(`${month}-01`, 32).slice(0, 8) + '01');
  const [energy, contact] = await Promise.all([energyPerModule({ db }, caller, location.id, from, to), contactBlock(db, location.organizationId)]);
  let alarms: MonthReport['alarms'] = null;
  if (withAlarms) {
    const [rows, count] = await Promise.all([
      alarmsOfLocationRaisedBetween(db, location.id, from, to, MONTH_ALARMS_MAX),
      countAlarmsOfLocationRaisedBetween(db, location.id, from, to),
    ]);
    const list = rows.map((a) => ({
      line: a.line,
      priority: a.priority,
      since: iso(a.receivedAt),
      resolvedAt: a.resolvedAt === null ? null : iso(a.resolvedAt),
      resolveSeconds: a.resolvedAt === null ? null : Math.max(0, a.resolvedAt - a.receivedAt),
    }));
    alarms = { count, resolvedCount: list.filter((a) => a.resolvedAt !== null).length, list };
  }
  return { locationId: location.id, locationName: location.name, month, energy, alarms, contact };
}

/** The printable month report: staff always with alarms; a customer of the location its energy, and its alarms only with SUMMARY. */
export async function monthReport({ db, clock }: CustomerViewDeps, { user }: Caller, input: { locationId: number; month?: string }) {
  const location = await findLocation(db, user, input.locationId);
  if (!location) throw notFound('Deze locatie bestaat niet.');
  const month = input.month ?? previousMonth(localDate(epochSeconds(clock)));
  return monthReportOf({ db }, { user }, location, month, user.type !== 'customer' || location.customerView === 'SUMMARY');
}
