import type { Insertable, Updateable } from 'kysely';
import type { HubFeed } from './hub-client';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { contains, pageCount, pageWindow } from '../../platform/db/listing';
import { organizationScope } from '../../platform/db/tenancy';
import type { ChannelTable, FeedTable } from './meterbeheer.table';

function visibleFeeds(db: DB, user: User, query?: string) {
  let q = db.selectFrom('feed').where(organizationScope(user, 'feed.organizationId'));
  if (query) {
    q = q.where((eb) => eb.or([contains(eb.ref('feed.name'), query), contains(eb.ref('feed.ean'), query), contains(eb.ref('feed.provider'), query)]));
  }
  return q;
}

export const findFeedRow = (db: DB, user: User, uuid: string) => visibleFeeds(db, user).selectAll().where('feed.uuid', '=', uuid).executeTakeFirst();

export const allFeedRows = (db: DB) => db.selectFrom('feed').selectAll().orderBy('createTimestamp').execute();

export async function insertFeed(db: DB, values: Insertable<FeedTable>) {
  await db.insertInto('feed').values(values).execute();
}

/** Inserts a feed found at the HUB; one that is here already (by uuid) stays as it is. */
export async function adoptFeed(db: DB, values: Insertable<FeedTable>) {
  await db
    .insertInto('feed')
    .values(values)
    .onConflict((oc) => oc.column('uuid').doNothing())
    .execute();
}

export async function updateFeed(db: DB, uuid: string, values: Updateable<FeedTable>) {
  await db.updateTable('feed').set(values).where('uuid', '=', uuid).execute();
}

export async function deleteFeedRow(db: DB, uuid: string) {
  await db.deleteFrom('feed').where('uuid', '=', uuid).execute();
}

export async function updateChannel(db: DB, id: number, values: Updateable<ChannelTable>) {
  await db.updateTable('channel').set(values).where('id', '=', id).execute();
}

/** Inserts channels the HUB lists that are not here yet; existing channels keep their id and data. */
export async function storeChannels(db: DB, uuid: string, channels: HubFeed['channels'], now: number) {
  for (const channel of channels) {
    await db
      .insertInto('channel')
      .values({ feedUuid: uuid, code: channel.code, url: channel.url, createTimestamp: now, updateTimestamp: null, dataFrom: null })
      .onConflict((oc) => oc.columns(['feedUuid', 'code']).doUpdateSet({ url: channel.url }))
      .execute();
  }
}

export const channelsOfFeed = (db: DB, uuid: string) => db.selectFrom('channel').selectAll().where('feedUuid', '=', uuid).orderBy('code').execute();

export const channelsOfFeeds = (db: DB, uuids: string[]) => db.selectFrom('channel').selectAll().where('feedUuid', 'in', uuids).orderBy('code').execute();

export async function listFeedRows(db: DB, user: User, list: ListQuery) {
  const { total } = await visibleFeeds(db, user, list.query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await visibleFeeds(db, user, list.query)
    .selectAll()
    .orderBy('feed.name')
    .orderBy('feed.uuid')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return { rows, totalNumberOfPages: pageCount(total, list) };
}

/**
 * Channels of feeds the user may see, for binding to meters, and the channels in `kept` (those a
 * meter being edited already uses) whatever their feed: its form must be able to show them.
 */
export function visibleChannels(db: DB, user: User, kept: ReadonlySet<number> = new Set()) {
  return db
    .selectFrom('channel')
    .innerJoin('feed', 'feed.uuid', 'channel.feedUuid')
    .where((eb) =>
      kept.size ? eb.or([organizationScope(user, 'feed.organizationId'), eb('channel.id', 'in', [...kept])]) : organizationScope(user, 'feed.organizationId'),
    )
    .select(['channel.id', 'channel.code', 'feed.uuid as feedUuid', 'feed.name as feedName', 'feed.provider', 'feed.meterKind', 'feed.ean'])
    .orderBy('feed.name')
    .orderBy('channel.code')
    .execute();
}

export const findVisibleChannel = (db: DB, user: User, id: number) =>
  db
    .selectFrom('channel')
    .innerJoin('feed', 'feed.uuid', 'channel.feedUuid')
    .where(organizationScope(user, 'feed.organizationId'))
    .where('channel.id', '=', id)
    .selectAll('channel')
    .select('feed.meterKind')
    .executeTakeFirst();

/** Of these channels, those of feeds the user may see. */
export async function visibleChannelIds(db: DB, user: User, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('channel')
    .innerJoin('feed', 'feed.uuid', 'channel.feedUuid')
    .where(organizationScope(user, 'feed.organizationId'))
    .where('channel.id', 'in', ids)
    .select('channel.id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The names of an organization's feeds (what still belongs to it when it is to be deleted). */
export async function feedNamesOfOrganization(db: DB, organizationId: number): Promise<string[]> {
  const rows = await db.selectFrom('feed').select('name').where('organizationId', '=', organizationId).orderBy('name').execute();
  return rows.map((r) => r.name);
}

/** The user's visible feeds: how many, and how many failed at their last sync. */
export async function feedSyncCounts(db: DB, user: User) {
  const row = await visibleFeeds(db, user)
    .select((eb) => [eb.fn.countAll<number>().as('feeds'), eb.fn.count<number>('feed.lastError').as('failed')])
    .executeTakeFirstOrThrow();
  return { feeds: Number(row.feeds), failed: Number(row.failed) };
}

/** One feed's sealed credentials, if any feed has them: the start-up check that SECRET_KEY still opens them. */
export const oneSealedCredential = async (db: DB) =>
  (await db.selectFrom('feed').select('credentials').where('credentials', 'is not', null).limit(1).executeTakeFirst())?.credentials ?? undefined;
