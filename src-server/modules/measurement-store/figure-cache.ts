/**
 * Figures that cannot change until new values arrive for their channels (a day's forecast, last
 * week's totals), cached per database so a dashboard viewed by many does not recompute them. The
 * key names the figure and its day; the sync calls `measurementsChanged` after storing values,
 * which drops every figure of those channels. Concurrent requests for a missing figure share one
 * computation.
 *
 * Other instances (PostgreSQL) store values unseen: `watchFigures` hands the cache of `db` the
 * change notices (db/change-notices.ts), whose measurement notices drop the figures of the
 * channels named, as `measurementsChanged` does here; while the notices' connection is down the
 * cache is off (every figure computed, none kept) and it is emptied when it goes and comes back.
 */
import type { ChangeNotices } from '../../platform/db/change-notices';
import type { DB } from '../../platform/db/database';

interface Entry {
  channelIds: number[];
  value: Promise<unknown>;
}

const MAX_ENTRIES = 10_000;
const caches = new WeakMap<DB, Map<string, Entry>>();
/** Whether the cache of a database may serve now (see `watchFigures`); without one, always. */
const lives = new WeakMap<DB, () => boolean>();

function cacheOf(db: DB) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The figure under `key` (which must include the day it is for), computed once until its channels get new values. */
export function cachedFigure<T>(db: DB, key: string, channelIds: number[], compute: () => Promise<T>): Promise<T> {
  if (lives.get(db)?.() === false) return compute();
  const cache = cacheOf(db);
  const fullKey = `${key}|${[...channelIds].sort((a, b) => a - b).join(',')}`;
  const hit = cache.get(fullKey);
  if (hit) return hit.value as Promise<T>;
  const value = compute();
  cache.set(fullKey, { channelIds, value });
  value.catch(() => cache.get(fullKey)?.value === value && cache.delete(fullKey));
  // Oldest first: yesterday's figures go before today's.
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

/** New or corrected values for these channels: their cached figures are computed again when next asked for. */
export function measurementsChanged(db: DB, channelIds: number[]) {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [key, entry] of cache) if (entry.channelIds.some((id) => channelIds.includes(id))) cache.delete(key);
}

/** Every instance's stored values drop the figures of `db`, told by `notices`, and the cache serves only while they are live. */
export function watchFigures(db: DB, notices: Pick<ChangeNotices, 'live' | 'subscribe'>) {
  lives.set(db, () => notices.live);
  notices.subscribe((notice) => {
    if (notice && notice.table !== 'measurement') return;
    if (notice && notice.channelIds !== 'all') measurementsChanged(db, notice.channelIds);
    else caches.get(db)?.clear();
  });
}
