/**
 * Feeds: added at Meterbeheer HUB first, then kept as a local copy with their channels. Secret
 * form fields are sealed before storing and never returned. A feed a meter uses cannot be deleted.
 * Meters sit above feeds: what meters do with channels is told by the meters module, wired into
 * `FeedDeps` by the composition root.
 */
import {
  type AnyFeedForm,
  type Channel,
  type ChannelWithFeed,
  type CreatableProvider,
  type Feed,
  FEED_CREATE_FAILED,
  SECRET_FIELDS,
} from '@/domain/meterbeheer';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { SecretBox } from '../../platform/secrets';
import { channelStats } from '../measurement-store/measurement-store.queries';
import { type HubClient, HubError, type HubFeed } from './hub-client';
import type { ChannelRow, FeedRow } from './meterbeheer.table';
import type { Caller } from '../../platform/caller';
import * as q from './meterbeheer.queries';

/** The meters' side of channels (the meters module's). */
interface ChannelUse {
  /** Of these channels, those a meter uses. */
  inUse(db: DB, channelIds: number[]): Promise<Set<number>>;
  /** Unlinks these channels from the meters on locations the user may see; the meters stay. */
  detach(db: DB, user: User, channelIds: number[]): Promise<void>;
  /** The channels a meter the user may see uses (none when it is absent). */
  ofMeter(db: DB, user: User, meterId: number): Promise<Set<number>>;
}

export interface FeedDeps {
  db: DB;
  clock: Clock;
  hub: HubClient;
  secrets: SecretBox;
  meters: ChannelUse;
}

const absent = () => notFound('Deze feed bestaat niet.');

/** The API shape of feeds, with channels, their stored-data figures and whether a meter uses them. */
async function toFeeds({ db, meters }: FeedDeps, rows: FeedRow[]): Promise<Feed[]> {
  if (rows.length === 0) return [];
  const channels = await q.channelsOfFeeds(
    db,
    rows.map((r) => r.uuid),
  );
  const ids = channels.map((c) => c.id);
  const stats = await channelStats(db, ids);
  const usedIds = await meters.inUse(db, ids);
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

export async function listFeeds(deps: FeedDeps, caller: Caller, list: ListQuery) {
  const { user } = caller;
  const { rows, totalNumberOfPages } = await q.listFeedRows(deps.db, user, list);
  return { feeds: await toFeeds(deps, rows), totalNumberOfPages };
}

export async function getFeed(deps: FeedDeps, caller: Caller, uuid: string) {
  const { user } = caller;
  const row = await q.findFeedRow(deps.db, user, uuid);
  if (!row) throw absent();
  return (await toFeeds(deps, [row]))[0]!;
}

export async function addFeed(deps: FeedDeps, caller: Caller, provider: CreatableProvider, form: AnyFeedForm) {
  const { user } = caller;
  // Installers' feeds belong to their organization; an admin's feeds are admin-only.
  const organizationId = user.type === 'installer' ? user.organizationId : null;
  if (user.type === 'customer') throw new AppError('FORBIDDEN', 'Je hebt geen toegang tot het beheer.');
  // The HUB's add-feed body is the provider's form fields as they are, plus `provider`.
  const body = { ...form, ...(provider === 'solaredge' ? { meterKind: 'electricity' } : {}) };
  let created: HubFeed;
  try {
    created = await deps.hub.addFeed(provider, body);
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    throw new AppError('BAD_GATEWAY', `${FEED_CREATE_FAILED}: ${error.message}`);
  }
  const { db, secrets, clock } = deps;
  const secretValues = Object.fromEntries(SECRET_FIELDS.filter((f) => f in form).map((f) => [f, (form as Record<string, string>)[f]]));
  await db.transaction().execute(async (trx) => {
    await q.insertFeed(trx, {
      uuid: created.uuid,
      provider,
      name: form.name,
      meterKind: 'meterKind' in form ? form.meterKind : 'electricity',
      status: created.status === 'verified' ? 'verified' : 'unverified',
      ean: 'ean' in form ? form.ean : null,
      postalCode: 'postalCode' in form ? form.postalCode : null,
      houseNumber: form.houseNumber,
      organizationId,
      credentials: Object.keys(secretValues).length ? secrets.seal(secretValues) : null,
      createTimestamp: epochSeconds(clock),
      updateTimestamp: null,
      lastSyncAt: null,
      lastSuccessAt: null,
      lastError: null,
      nextAttemptAt: null,
    });
    await q.storeChannels(trx, created.uuid, created.channels, epochSeconds(clock));
  });
  return getFeed(deps, caller, created.uuid);
}

/** Unlinks the meters the user may see from this feed's channels (never another organization's); the meters stay. */
export async function detachFeed(deps: FeedDeps, caller: Caller, uuid: string) {
  const { user } = caller;
  await getFeed(deps, caller, uuid);
  const ids = (await q.channelsOfFeed(deps.db, uuid)).map((c) => c.id);
  await deps.db.transaction().execute((trx) => deps.meters.detach(trx, user, ids));
  return getFeed(deps, caller, uuid);
}

async function assertDeletable(deps: FeedDeps, caller: Caller, uuid: string, message: string) {
  if ((await getFeed(deps, caller, uuid)).attached) throw new AppError('CONFLICT', message);
}

/**
 * Deletes a feed at the HUB first, then here in one transaction that checks again that no meter
 * uses it. A failure at the HUB changes nothing (502, try again). A failure after it leaves the
 * local feed, which the sync then marks as gone at the HUB, and deleting it again completes,
 * since the HUB's 404 counts as deleted. The other order could leave a feed at the HUB that
 * nobody here knows, which the sync would adopt back as an admin-only feed.
 */
export async function deleteFeed(deps: FeedDeps, caller: Caller, uuid: string) {
  await assertDeletable(deps, caller, uuid, 'De feed is nog aan een meter gekoppeld. Ontkoppel de feed eerst.');
  try {
    await deps.hub.deleteFeed(uuid);
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    throw new AppError('BAD_GATEWAY', `De feed kon niet worden verwijderd bij Meterbeheer HUB: ${error.message}`);
  }
  await deps.db.transaction().execute(async (trx) => {
    await assertDeletable(
      { ...deps, db: trx },
      caller,
      uuid,
      'De feed is intussen aan een meter gekoppeld; bij Meterbeheer HUB is hij al verwijderd. Ontkoppel de feed en verwijder hem opnieuw.',
    );
    await q.deleteFeedRow(trx, uuid);
  });
}

export async function channelWithFeed(deps: FeedDeps, caller: Caller, id: number): Promise<ChannelWithFeed> {
  const { user } = caller;
  const channel = await q.findVisibleChannel(deps.db, user, id);
  if (!channel) throw notFound('Dit kanaal bestaat niet.');
  const feed = await getFeed(deps, caller, channel.feedUuid);
  return { ...feed.channels!.find((c) => c.id === id)!, feed };
}

/** Channels for a meter's pickers; with `meterId`, also the channels that meter (if visible) already uses, whoever's feed they are. */
export async function channelOptions({ db, meters }: FeedDeps, caller: Caller, meterId?: number) {
  const { user } = caller;
  return q.visibleChannels(db, user, meterId ? await meters.ofMeter(db, user, meterId) : undefined);
}
