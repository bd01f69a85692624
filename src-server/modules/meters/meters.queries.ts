import type { Insertable, Updateable } from 'kysely';
import type { Meter } from '@/domain/meter';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { contains, pageCount, pageWindow } from '../../platform/db/listing';
import { locationScope } from '../../platform/db/tenancy';
import type { MeterTable } from './meters.table';

function visibleMeters(db: DB, user: User, query?: string) {
  let q = db
    .selectFrom('meter')
    .innerJoin('location', 'location.id', 'meter.locationId')
    .leftJoin('channel as imp', 'imp.id', 'meter.netImportChannelId')
    .leftJoin('channel as exp', 'exp.id', 'meter.netExportChannelId')
    .where(locationScope(user, 'location.id', 'location.organizationId'));
  if (query) q = q.where((eb) => eb.or([contains(eb.ref('meter.name'), query), contains(eb.ref('location.name'), query)]));
  return q;
}

const columns = [
  'meter.id',
  'meter.name',
  'meter.type',
  'meter.locationId',
  'location.name as locationName',
  'meter.netImportChannelId',
  'imp.updateTimestamp as importUpdated',
  'meter.netExportChannelId',
  'exp.updateTimestamp as exportUpdated',
] as const;

type Row = {
  id: number;
  name: string;
  type: Meter['type'];
  locationId: number;
  locationName: string;
  netImportChannelId: number | null;
  importUpdated: number | null;
  netExportChannelId: number | null;
  exportUpdated: number | null;
};

const channel = (id: number | null, updated: number | null) =>
  id === null ? null : { type: 'meterbeheer' as const, id, updateTimestamp: isoFromSeconds(updated) };

const toMeter = (r: Row): Meter => ({
  id: r.id,
  name: r.name,
  type: r.type,
  locationId: r.locationId,
  locationName: r.locationName,
  netImportChannel: channel(r.netImportChannelId, r.importUpdated),
  netExportChannel: channel(r.netExportChannelId, r.exportUpdated),
});

export async function listMeters(db: DB, user: User, list: ListQuery) {
  const { total } = await visibleMeters(db, user, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await visibleMeters(db, user, list.query)
    .select(columns)
    .orderBy('meter.name')
    .orderBy('meter.id')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { meters: rows.map(toMeter), totalNumberOfPages: pageCount(total, list) };
}

export async function findMeter(db: DB, user: User, id: number) {
  const row = await visibleMeters(db, user).select(columns).where('meter.id', '=', id).executeTakeFirst();
  return row && toMeter(row);
}

/** The channel ids a meter uses. */
export const channelIdsOf = (meter: Meter) => new Set([meter.netImportChannel?.id, meter.netExportChannel?.id].filter((id): id is number => id !== undefined));

/** The channel ids a meter the user may see uses; none when it is absent. */
export async function channelIdsOfMeter(db: DB, user: User, meterId: number) {
  const meter = await findMeter(db, user, meterId);
  return meter ? channelIdsOf(meter) : new Set<number>();
}

export async function countVisibleMeters(db: DB, user: User) {
  const { n } = await visibleMeters(db, user)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function metersOfLocation(db: DB, user: User, locationId: number) {
  const rows = await visibleMeters(db, user).select(columns).where('meter.locationId', '=', locationId).orderBy('meter.name').execute();
  return rows.map(toMeter);
}

/** The meters the user may see on these locations, by name: one statement for a list of locations. */
export async function metersOfLocations(db: DB, user: User, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  const rows = await visibleMeters(db, user).select(columns).where('meter.locationId', 'in', locationIds).orderBy('meter.name').orderBy('meter.id').execute();
  return rows.map(toMeter);
}

export async function countMetersOfLocation(db: DB, locationId: number) {
  const { n } = await db
    .selectFrom('meter')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('locationId', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Which of these channels a meter uses. */
export async function channelIdsInUse(db: DB, channelIds: number[]): Promise<Set<number>> {
  if (channelIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('meter')
    .select(['netImportChannelId', 'netExportChannelId'])
    .where((eb) => eb.or([eb('netImportChannelId', 'in', channelIds), eb('netExportChannelId', 'in', channelIds)]))
    .execute();
  return new Set(rows.flatMap((m) => [m.netImportChannelId, m.netExportChannelId]).filter((id): id is number => id !== null && channelIds.includes(id)));
}

/** Of these channels, those a meter on a location the user may see uses. */
export async function channelIdsOfVisibleMeters(db: DB, user: User, channelIds: number[]): Promise<Set<number>> {
  const rows = await visibleMeters(db, user)
    .select(['meter.netImportChannelId', 'meter.netExportChannelId'])
    .where((eb) => eb.or([eb('meter.netImportChannelId', 'in', channelIds), eb('meter.netExportChannelId', 'in', channelIds)]))
    .execute();
  return new Set(rows.flatMap((m) => [m.netImportChannelId, m.netExportChannelId]).filter((id): id is number => id !== null));
}

/** Unlinks these channels from the meters on locations the user may see (never another organization's); the meters stay. */
export async function detachChannels(db: DB, user: User, channelIds: number[]) {
  if (channelIds.length === 0) return;
  const visibleLocations = db
    .selectFrom('location')
    .select('location.id')
    .where(locationScope(user, 'location.id', 'location.organizationId'));
  for (const column of ['netImportChannelId', 'netExportChannelId'] as const) {
    await db
      .updateTable('meter')
      .set({ [column]: null })
      .where(column, 'in', channelIds)
      .where('locationId', 'in', visibleLocations)
      .execute();
  }
}

/** Answers the new meter's id. */
export async function insertMeter(db: DB, values: Insertable<MeterTable>) {
  const { id } = await db.insertInto('meter').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateMeterRow(db: DB, id: number, values: Updateable<MeterTable>) {
  await db.updateTable('meter').set(values).where('id', '=', id).execute();
}

export async function deleteMeterRow(db: DB, id: number) {
  await db.deleteFrom('meter').where('id', '=', id).execute();
}
