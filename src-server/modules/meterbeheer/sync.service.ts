/**
 * The meter-data sync: refresh every feed's status and channels, then pull each
 * channel's new values and backfill its history in windows of at most 365 days. Values and the
 * cursor that says what was fetched are written in one transaction, so a crash mid-sync loses and
 * duplicates nothing. One failing feed never stops the others; it is retried with backoff.
 */
import type { SyncSummary } from '@/domain/meterbeheer';
import { addDays, localDate, localMidnight, todayLocal } from '@/lib/amsterdam';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { backoffSeconds } from '../../platform/jobs/backoff';
import { measurementsChanged } from '../measurement-store/figure-cache';
import { lastMeasurementTs } from '../measurement-store/measurement-store.queries';
import { type MeasurementRow, upsertMeasurements } from '../measurement-store/measurement-store.store';
import { HUB_MAX_DAYS_PER_REQUEST, type HubClient, HubError, type HubFeed } from './hub-client';
import { adoptFeed, allFeedRows, channelsOfFeed, storeChannels, updateChannel, updateFeed } from './meterbeheer.queries';
import type { ChannelRow, FeedRow } from './meterbeheer.table';
import type { EventBus } from '../../platform/events/event-bus';

type FeedSyncResult = SyncSummary['results'][number];

/**
 * Days between a window's `from` and `to`: one less than the HUB's 365 per request, so that a HUB
 * reading `to` as inclusive is asked for at most 365 days too.
 */
const WINDOW_DAYS = HUB_MAX_DAYS_PER_REQUEST - 1;

export interface SyncOptions {
  /** How far back history is backfilled. */
  historyDays?: number;
}

interface SyncDeps {
  db: DB;
  hub: HubClient;
  clock: Clock;
  events: EventBus;
}

export function createSyncService({ db, hub, clock, events }: SyncDeps, options: SyncOptions = {}) {
  const historyDays = options.historyDays ?? 730;
  const seconds = () => Math.floor(clock().getTime() / 1000);
  /** Channels with values stored since the last `measurements-stored` was told. */
  const storedChannels = new Set<number>();

  /**
   * Fetches the local dates [from, to) and stores what comes back with the channel's cursor in one
   * transaction. The HUB may read `to` as inclusive: values of the `to` day are
   * welcome (the upsert makes the overlap harmless); only values outside [from, to + 1 day) or
   * broken intervals are errors. Answers how many values lie before `to`: the new ones.
   */
  async function fetchWindow(channel: ChannelRow, from: string, to: string, dataFrom: string | null): Promise<number> {
    const data = await hub.channelData(channel.url, from, to);
    const start = localMidnight(from);
    const end = localMidnight(to);
    const limit = localMidnight(addDays(to, 1));
    const rows: MeasurementRow[] = data.data.map(({ from: f, to: t, value }) => {
      const ts = Date.parse(f) / 1000;
      if (!Number.isInteger(ts) || ts < start || ts >= limit || Date.parse(t) / 1000 <= ts) {
        throw new HubError(
          200,
          `Meterbeheer HUB gaf voor kanaal ${channel.code} een waarde buiten de gevraagde periode of met een ongeldig interval (${f} – ${t}).`,
        );
      }
      return { ts, value };
    });
    if (data.unit && !['kwh', 'm3'].includes(data.unit.toLowerCase())) {
      throw new HubError(200, `Meterbeheer HUB gaf voor kanaal ${channel.code} een onbekende eenheid: ${data.unit}.`);
    }
    await db.transaction().execute(async (trx) => {
      await upsertMeasurements(trx, channel.id, rows);
      await updateChannel(trx, channel.id, { updateTimestamp: seconds(), dataFrom });
    });
    if (rows.length) {
      measurementsChanged(db, [channel.id]);
      storedChannels.add(channel.id);
    }
    return rows.filter((r) => r.ts < end).length;
  }

  async function syncChannel(channel: ChannelRow): Promise<number> {
    const today = todayLocal(clock());
    const historyStart = addDays(today, -historyDays);
    let stored = 0;
    // Forward: from the day of the newest value (late corrections of that day included), or yesterday first.
    const last = await lastMeasurementTs(db, channel.id);
    let from = last === null ? addDays(today, -1) : localDate(last);
    let dataFrom = channel.dataFrom ?? from;
    while (from < today) {
      const to = [addDays(from, WINDOW_DAYS), today].sort()[0]!;
      stored += await fetchWindow(channel, from, to, dataFrom);
      from = to;
    }
    // Backward: history before the earliest date asked for, until the HUB has nothing older.
    while (dataFrom > historyStart) {
      const windowStart = [addDays(dataFrom, -WINDOW_DAYS), historyStart].sort().reverse()[0]!;
      const count = await fetchWindow(channel, windowStart, dataFrom, windowStart);
      if (count === 0) {
        // The HUB fetches history after verification; ask again next time rather than give up.
        await updateChannel(db, channel.id, { dataFrom });
        break;
      }
      stored += count;
      dataFrom = windowStart;
    }
    return stored;
  }

  /** Every channel is synced even when one fails; the feed then fails with the first error. */
  async function syncFeed(feed: FeedRow, hubFeed: HubFeed | undefined): Promise<number> {
    if (!hubFeed) throw new HubError(404, 'De feed bestaat niet (meer) bij Meterbeheer HUB.');
    const status = hubFeed.status === 'verified' ? 'verified' : 'unverified';
    if (status !== feed.status) await updateFeed(db, feed.uuid, { status, updateTimestamp: seconds() });
    await storeChannels(db, feed.uuid, hubFeed.channels, seconds());
    if (status !== 'verified') return 0;
    let stored = 0;
    const errors: unknown[] = [];
    for (const channel of await channelsOfFeed(db, feed.uuid)) {
      stored += await syncChannel(channel).catch((error: unknown) => (errors.push(error), 0));
    }
    if (errors.length) throw errors[0];
    return stored;
  }

  async function recordFailure(feed: FeedRow, error: unknown): Promise<string> {
    const message = error instanceof HubError ? error.message : 'Onverwachte fout tijdens het synchroniseren.';
    if (!(error instanceof HubError)) console.error(error);
    const failures = feed.failureCount + 1;
    const wait = backoffSeconds(failures, { retryAfterSeconds: error instanceof HubError ? error.retryAfterSeconds : null });
    await updateFeed(db, feed.uuid, { lastSyncAt: seconds(), lastError: message, failureCount: failures, nextAttemptAt: seconds() + wait });
    return message;
  }

  /** Feeds at the HUB that are not here yet (added elsewhere with the same key): admin-only copies. */
  async function adoptUnknown(hubFeeds: HubFeed[], known: Set<string>) {
    for (const f of hubFeeds.filter((h) => !known.has(h.uuid))) {
      const gas = f.meterKind === 'gas' || f.channels.some((c) => c.code.startsWith('24.'));
      await adoptFeed(db, {
        uuid: f.uuid,
        provider: f.provider,
        name: f.name || f.uuid,
        meterKind: gas ? 'gas' : 'electricity',
        status: 'unverified',
        ean: f.ean,
        postalCode: f.postalCode,
        houseNumber: f.houseNumber,
        organizationId: null,
        credentials: null,
        createTimestamp: seconds(),
        updateTimestamp: null,
        lastSyncAt: null,
        lastSuccessAt: null,
        lastError: null,
        nextAttemptAt: null,
      });
    }
  }

  async function run(force: boolean): Promise<SyncSummary> {
    const startedAt = clock().toISOString();
    const results: FeedSyncResult[] = [];
    let hubFeeds: HubFeed[] | null = null;
    let listError: unknown = null;
    try {
      hubFeeds = await hub.listFeeds();
      await adoptUnknown(hubFeeds, new Set((await allFeedRows(db)).map((f) => f.uuid)));
    } catch (error) {
      listError = error;
    }
    for (const feed of await allFeedRows(db)) {
      if (!force && feed.nextAttemptAt !== null && feed.nextAttemptAt > seconds()) continue;
      try {
        if (listError) throw listError;
        const stored = await syncFeed(
          feed,
          hubFeeds!.find((h) => h.uuid === feed.uuid),
        );
        await updateFeed(db, feed.uuid, { lastSyncAt: seconds(), lastSuccessAt: seconds(), lastError: null, failureCount: 0, nextAttemptAt: null });
        results.push({ uuid: feed.uuid, name: feed.name, ok: true, stored });
      } catch (error) {
        results.push({ uuid: feed.uuid, name: feed.name, ok: false, stored: 0, error: await recordFailure(feed, error) });
      }
    }
    // At the end of every sync, what was stored is told (energy rules judge it); a failed reaction never fails the sync.
    if (storedChannels.size) {
      const channelIds = [...storedChannels];
      storedChannels.clear();
      await events.emit({ kind: 'measurements-stored', channelIds });
    }
    return {
      startedAt,
      finishedAt: clock().toISOString(),
      feeds: results.length,
      failed: results.filter((r) => !r.ok).length,
      stored: results.reduce((n, r) => n + r.stored, 0),
      results,
    };
  }

  return {
    /**
     * One sync of all feeds; `force` ignores the per-feed backoff. Runs through the job runner
     * (`meterbeheer.jobs.ts`), which keeps two syncs from overlapping.
     */
    syncAll: ({ force = false } = {}): Promise<SyncSummary> => run(force),
  };
}
export type SyncService = ReturnType<typeof createSyncService>;
