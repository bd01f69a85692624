/**
 * Feeds: added at Meterbeheer HUB first, then kept as a local copy with their channels. Secret
 * form fields are sealed before storing and never returned. A feed a meter uses cannot be deleted.
 */
import { type AnyFeedForm, type ChannelWithFeed, type CreatableProvider, FEED_CREATE_FAILED, SECRET_FIELDS } from '@/domain/feed';
import type { ListQuery } from '@/domain/paging';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../clock';
import type { DB } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { SecretBox } from '../../secrets';
import { type HubClient, HubError, type HubFeed } from './hub-client';
import { detachChannels } from '../meters/meters.queries';
import * as q from './feeds.queries';

const absent = () => notFound('Deze feed bestaat niet.');

export async function listFeeds(db: DB, user: User, list: ListQuery) {
  const { rows, totalNumberOfPages } = await q.listFeedRows(db, user, list);
  return { feeds: await q.toFeeds(db, rows), totalNumberOfPages };
}

export async function getFeed(db: DB, user: User, uuid: string) {
  const row = await q.findFeedRow(db, user, uuid);
  if (!row) throw absent();
  return (await q.toFeeds(db, [row]))[0]!;
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

/** `deps`: the database, the HUB, the secret box and the clock (a request context has them all). */
export async function addFeed(
  { db, hub, secrets, clock }: { db: DB; hub: HubClient; secrets: SecretBox; clock: Clock },
  user: User,
  provider: CreatableProvider,
  form: AnyFeedForm,
) {
  // Installers' feeds belong to their organization; an admin's feeds are admin-only (DESIGN.md §3).
  const organizationId = user.type === 'installer' ? user.organizationId : null;
  if (user.type === 'customer') throw new AppError('FORBIDDEN', 'Je hebt geen toegang tot het beheer.');
  // The HUB's add-feed body is the provider's form fields as they are, plus `provider`.
  const body = { ...form, ...(provider === 'solaredge' ? { meterKind: 'electricity' } : {}) };
  let created: HubFeed;
  try {
    created = await hub.addFeed(provider, body);
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    throw new AppError('BAD_GATEWAY', `${FEED_CREATE_FAILED.message}: ${error.message}`);
  }
  const secretValues = Object.fromEntries(SECRET_FIELDS.filter((f) => f in form).map((f) => [f, (form as Record<string, string>)[f]]));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feed')
      .values({
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
      })
      .execute();
    await storeChannels(trx, created.uuid, created.channels, epochSeconds(clock));
  });
  return getFeed(db, user, created.uuid);
}

/** Unlinks the meters the user may see from this feed's channels (never another organization's); the meters stay. */
export async function detachFeed(db: DB, user: User, uuid: string) {
  await getFeed(db, user, uuid);
  const ids = (await q.channelsOfFeed(db, uuid)).map((c) => c.id);
  await db.transaction().execute((trx) => detachChannels(trx, user, ids));
  return getFeed(db, user, uuid);
}

async function assertDeletable(db: DB, user: User, uuid: string, message: string) {
  if ((await getFeed(db, user, uuid)).attached) throw new AppError('CONFLICT', message);
}

/**
 * Deletes a feed at the HUB first, then here in one transaction that checks again that no meter
 * uses it. A failure at the HUB changes nothing (502, try again). A failure after it leaves the
 * local feed, which the sync then marks as gone at the HUB, and deleting it again completes,
 * since the HUB's 404 counts as deleted. The other order could leave a feed at the HUB that
 * nobody here knows, which the sync would adopt back as an admin-only feed.
 */
export async function deleteFeed(db: DB, hub: HubClient, user: User, uuid: string) {
  await assertDeletable(db, user, uuid, 'De feed is nog aan een meter gekoppeld. Ontkoppel de feed eerst.');
  try {
    await hub.deleteFeed(uuid);
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    throw new AppError('BAD_GATEWAY', `De feed kon niet worden verwijderd bij Meterbeheer HUB: ${error.message}`);
  }
  await db.transaction().execute(async (trx) => {
    await assertDeletable(
      trx,
      user,
      uuid,
      'De feed is intussen aan een meter gekoppeld; bij Meterbeheer HUB is hij al verwijderd. Ontkoppel de feed en verwijder hem opnieuw.',
    );
    await trx.deleteFrom('feed').where('uuid', '=', uuid).execute();
  });
}

export async function channelWithFeed(db: DB, user: User, id: number): Promise<ChannelWithFeed> {
  const channel = await q.findVisibleChannel(db, user, id);
  if (!channel) throw notFound('Dit kanaal bestaat niet.');
  const feed = await getFeed(db, user, channel.feedUuid);
  return { ...feed.channels!.find((c) => c.id === id)!, feed };
}
