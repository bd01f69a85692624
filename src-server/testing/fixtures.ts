/**
 * Rows for tests and the bench, inserted directly (no HUB involved): a verified feed as the sync
 * leaves it and its channels. One place, so a new feed column is added once.
 */
import type { DB } from '../db/database';
import type { FeedRow } from '../modules/meterbeheer/meterbeheer.table';

export async function insertFeed(db: DB, values: Partial<FeedRow> & { uuid: string }) {
  await db
    .insertInto('feed')
    .values({
      provider: 'kenter',
      name: values.uuid,
      meterKind: 'electricity',
      status: 'verified',
      ean: null,
      postalCode: null,
      houseNumber: null,
      organizationId: null,
      credentials: null,
      createTimestamp: 0,
      updateTimestamp: null,
      lastSyncAt: null,
      lastSuccessAt: null,
      lastError: null,
      nextAttemptAt: null,
      ...values,
    })
    .execute();
  return values.uuid;
}

/** A channel of a feed; answers its id. */
export async function insertChannel(db: DB, feedUuid: string, code = '1.8.0') {
  const row = await db
    .insertInto('channel')
    .values({ feedUuid, code, url: `http://127.0.0.1:9/${feedUuid}/${code}.json`, createTimestamp: 0, updateTimestamp: null, dataFrom: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
