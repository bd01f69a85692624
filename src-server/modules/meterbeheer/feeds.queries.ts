import { isoFromSeconds } from '../../clock';
import type { Channel, Feed } from '@/domain/feed';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import type { DB } from '../../db/database';
import { contains, pageCount, pageWindow } from '../../db/listing';
import { organizationScope } from '../../tenancy';
import { channelStats } from '../measurement-store/measurements.queries';
import { channelIdsInUse } from '../meters/meters.queries';
import type { ChannelRow, FeedRow } from './meterbeheer.table';

function visibleFeeds(db: DB, user: User, query?: string) {
  let q = db.selectFrom('feed').where(organizationScope(user, 'feed.organizationId'));
  if (query) {
    q = q.where((eb) => eb.or([contains(eb.ref('feed.name'), query), contains(eb.ref('feed.ean'), query), contains(eb.ref('feed.provider'), query)]));
  }
  return q;
}

export const findFeedRow = (db: DB, user: User, uuid: string) => visibleFeeds(db, user).selectAll().where('feed.uuid', '=', uuid).executeTakeFirst();

export const allFeedRows = (db: DB) => db.selectFrom('feed').selectAll().orderBy('createTimestamp').execute();

export const channelsOfFeed = (db: DB, uuid: string) => db.selectFrom('channel').selectAll().where('feedUuid', '=', uuid).orderBy('code').execute();

/** The API shape of feeds, with channels, their stored-data figures and whether a meter uses them. */
export async function toFeeds(db: DB, rows: FeedRow[]): Promise<Feed[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const channels = await db.selectFrom('channel').selectAll().where('feedUuid', 'in', uuids).orderBy('code').execute();
  const ids = channels.map((c) => c.id);
  const stats = await channelStats(db, ids);
  const usedIds = await channelIdsInUse(db, ids);
  return rows.map((row) => {
    const own = channels.filter((c) => c.feedUuid === row.uuid);
    return {
      uuid: row.uuid,
      provider: row.provider,
      name: row.name,
      meterKind: row.meterKind,
      status: row.status,
      postalCode: row.postalCode,
      houseNumber: row.houseNumber,
      ean: row.ean,
      attached: own.some((c) => usedIds.has(c.id)),
      organizationId: row.organizationId,
      channels:
        row.status === 'verified'
          ? own.map((c) =>
              toChannel(
                c,
                stats.find((s) => s.channelId === c.id),
              ),
            )
          : null,
      createTimestamp: isoFromSeconds(row.createTimestamp)!,
      updateTimestamp: isoFromSeconds(row.updateTimestamp),
      lastSyncTimestamp: isoFromSeconds(row.lastSyncAt),
      lastError: row.lastError,
    };
  });
}

function toChannel(c: ChannelRow, stat?: { lastTs: number | null; count: number | string }): Channel {
  return {
    id: c.id,
    code: c.code,
    url: c.url,
    createTimestamp: isoFromSeconds(c.createTimestamp)!,
    updateTimestamp: isoFromSeconds(c.updateTimestamp),
    lastDataTimestamp: isoFromSeconds(stat?.lastTs ?? null),
    valueCount: Number(stat?.count ?? 0),
  };
}

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
