/**
 * Reading measurements, and the statements that store them (measurement-store.store.ts). The measurement-store module owns the measurement tables:
 * it sits below the HUB sync (meterbeheer), which writes them, and below the measurement answers
 * and the dashboard, which read them; it knows nothing of feeds, meters or who may read what. Stored values are grouped in SQL per quarter, or read from
 * the hourly sums (every local bucket boundary is a whole UTC hour, Amsterdam's offsets being whole
 * hours), then laid into local buckets: a DST day has 23 or 25 hours, weeks start on Monday.
 */
import type { AggregateMeasurement, Granularity } from '@/domain/measurement';
import { amsterdamIso, amsterdamIsoSeries } from '@/lib/amsterdam';
import { STEP, bucketOf, bucketStarts } from '@/lib/local-buckets';
import { sql } from 'kysely';
import { type DB, engineOf } from '../../platform/db/database';
import { yieldToEventLoop } from '../../platform/event-loop';

/** Whole hours can be read from the hourly sums: a quarter of the rows. */
const hourAligned = (from: number, to: number) => from % 3600 === 0 && to % 3600 === 0;

/**
 * About this many rows per query before other requests get a turn: better-sqlite3 runs a query
 * synchronously, so a year of 100 channels read at once would stall the process (and every
 * `/auth/me`) for its whole length. Read in chunks of a few milliseconds instead.
 */
export const CHUNK_ROWS = 10_000;
/** Summing in SQL returns one row, so its chunks may scan more. */
const SUM_CHUNK_ROWS = 50_000;

interface Chunk {
  channelIds: number[];
  from: number;
  to: number;
}

/**
 * [from, to) over the channels in chunks of about `rows` slots of `step` seconds: channels grouped
 * when the whole range is small, else one channel at a time in windows that end on whole hours
 * (so the hourly sums can serve them).
 */
export function chunks(channelIds: number[], from: number, to: number, step: number, rows = CHUNK_ROWS): Chunk[] {
  const slots = Math.max(1, Math.ceil((to - from) / step));
  if (slots * channelIds.length <= rows) return [{ channelIds, from, to }];
  const out: Chunk[] = [];
  if (slots <= rows) {
    const perGroup = Math.floor(rows / slots);
    for (let i = 0; i < channelIds.length; i += perGroup) out.push({ channelIds: channelIds.slice(i, i + perGroup), from, to });
    return out;
  }
  const window = Math.max(3600, Math.floor((rows * step) / 3600) * 3600);
  for (const id of channelIds) {
    for (let a = from; a < to;) {
      const b = Math.min(to, a - (a % 3600) + window);
      out.push({ channelIds: [id], from: a, to: b });
      a = b;
    }
  }
  return out;
}

/** Sums per channel and slot, as columns: `channels` is null for a chunk of one channel. */
interface SlotSums {
  channels: number[] | null;
  slots: number[];
  values: number[];
}

/**
 * A column of a group as one text, a JSON array (null over no rows): the one piece of this SQL that
 * differs per engine. Both write a float as the shortest text that reads back as the same number.
 */
function joined(db: DB, column: string) {
  return engineOf(db) === 'postgres'
    ? sql<string | null>`'[' || string_agg(cast(${sql.ref(column)} as text), ',') || ']'`
    : sql<string | null>`'[' || group_concat(${sql.ref(column)}) || ']'`;
}

/** The numbers of a joined column; a value JSON cannot spell (infinity, never stored in practice) reads as NaN (null in the answer). */
function numbers(text: string | null): number[] {
  if (text === null) return [];
  try {
    return JSON.parse(text) as number[];
  } catch {
    return text.slice(1, -1).split(',').map(Number);
  }
}

/**
 * Sums per channel and quarter or hour within [from, to), read back as one row of comma-joined
 * columns rather than a row per slot: a year of hours is 8,760 rows, and turning each into an
 * object cost twice what the database spends finding them (the JSON of a column is parsed in one go).
 */
async function groupedSums(db: DB, { channelIds, from, to }: Chunk, step: number): Promise<SlotSums> {
  const slots =
    step === 3600 && hourAligned(from, to)
      ? db
          .selectFrom('measurementHour')
          .select(['channelId', 'ts as slot', 'value'])
          .where('channelId', 'in', channelIds)
          .where('ts', '>=', from)
          .where('ts', '<', to)
      : db
          .selectFrom('measurement')
          .select((eb) => ['channelId', eb(eb.ref('ts'), '-', eb(eb.ref('ts'), '%', step)).as('slot'), eb.fn.sum<number>('value').as('value')])
          .where('channelId', 'in', channelIds)
          .where('ts', '>=', from)
          .where('ts', '<', to)
          .groupBy(['channelId', 'slot']);
  const sums = db.selectFrom(slots.as('g')).select([joined(db, 'g.slot').as('slots'), joined(db, 'g.value').as('values')]);
  // One channel (long ranges): its rows need not name it.
  const row =
    channelIds.length === 1
      ? { ...(await sums.executeTakeFirst()), channels: null }
      : await sums.select(joined(db, 'g.channelId').as('channels')).executeTakeFirst();
  return { channels: row?.channels == null ? null : numbers(row.channels), slots: numbers(row?.slots ?? null), values: numbers(row?.values ?? null) };
}

/**
 * The sums of buckets × channels in two flat arrays (bucket-major), not an array per bucket: a
 * year of hours is 8,760 buckets, and every small array is work for the allocator and the
 * collector. `seen` tells "no data" (null) from a sum of 0.
 */
interface Grid {
  width: number;
  sums: Float64Array;
  seen: Uint8Array;
}

function add(grid: Grid, bucket: number, column: number, value: number) {
  const cell = bucket * grid.width + column;
  grid.sums[cell]! += value;
  grid.seen[cell] = 1;
}

/** Position of each channel id in the answer's `values`. */
const columns = (channelIds: number[]) => new Map(channelIds.map((id, i) => [id, i]));

/** Per slot (quarter or hour) rows laid into their buckets: quarter-hours, hours, or ranges that do not start on a whole hour. */
async function bySlot(db: DB, channelIds: number[], granularity: Granularity, from: number, to: number, starts: number[], grid: Grid) {
  const column = columns(channelIds);
  // Quarter-hours and hours are evenly spaced: a slot's bucket is arithmetic, not a search.
  const even = granularity === 'quarter_hour' || granularity === 'hour';
  const step = STEP[granularity];
  const first = starts[0]!;
  for (const [n, chunk] of chunks(channelIds, from, to, step).entries()) {
    if (n > 0) await yieldToEventLoop();
    const { channels, slots, values } = await groupedSums(db, chunk, step);
    // One channel per chunk (long ranges): every row goes to its column, and the rows do not name it.
    const only = channels === null ? column.get(chunk.channelIds[0]!)! : -1;
    for (let r = 0; r < slots.length; r++) {
      const slot = slots[r]!;
      add(grid, even ? Math.floor((slot - first) / step) : bucketOf(starts, slot), only >= 0 ? only : column.get(channels![r]!)!, values[r]!);
    }
  }
}

/** Days, weeks, months and years over whole hours: summed in SQL per bucket, so one row per channel and bucket comes back. */
async function byBucket(db: DB, channelIds: number[], from: number, to: number, starts: number[], grid: Grid) {
  const column = columns(channelIds);
  let scanned = 0;
  for (const [i, start] of starts.entries()) {
    const a = Math.max(from, start);
    const b = Math.min(to, starts[i + 1] ?? to);
    for (const chunk of chunks(channelIds, a, b, 3600, SUM_CHUNK_ROWS)) {
      if (scanned >= SUM_CHUNK_ROWS) {
        await yieldToEventLoop();
        scanned = 0;
      }
      scanned += (chunk.channelIds.length * (chunk.to - chunk.from)) / 3600;
      const rows = await db
        .selectFrom('measurementHour')
        .select(['channelId', (eb) => eb.fn.sum<number>('value').as('value')])
        .where('channelId', 'in', chunk.channelIds)
        .where('ts', '>=', chunk.from)
        .where('ts', '<', chunk.to)
        .groupBy('channelId')
        .execute();
      for (const row of rows) add(grid, i, column.get(row.channelId)!, Number(row.value));
    }
  }
}

/** `channelIds` without repeats: each is read once. */
export async function aggregate(
  db: DB,
  channelIds: number[],
  granularity: Granularity,
  from: number,
  to: number,
  starts = bucketStarts(granularity, from, to),
) {
  const width = channelIds.length;
  const grid: Grid = { width, sums: new Float64Array(starts.length * width), seen: new Uint8Array(starts.length * width) };
  // Long buckets summed in SQL, one statement per bucket: cheap in-process (SQLite), but a round trip
  // each on PostgreSQL, where the hours come back in one statement and are summed here instead.
  const longBuckets = engineOf(db) === 'sqlite' && granularity !== 'quarter_hour' && granularity !== 'hour' && hourAligned(from, to);
  await (longBuckets ? byBucket(db, channelIds, from, to, starts, grid) : bySlot(db, channelIds, granularity, from, to, starts, grid));
  const timestamps = amsterdamIsoSeries(starts);
  const out: AggregateMeasurement[] = new Array(starts.length);
  for (let i = 0, cell = 0; i < starts.length; i++) {
    const values: (number | null)[] = [];
    for (let c = 0; c < width; c++, cell++) values.push(grid.seen[cell] ? round(grid.sums[cell]!) : null);
    out[i] = { timestamp: timestamps[i]!, values };
  }
  return out;
}

/** Rows of the series written per piece of the answer: short-lived text, never one long rope. */
const ROWS_PER_WRITE = 128;

/**
 * The JSON of `aggregate`'s buckets as UTF-8 bytes: exactly what `JSON.stringify` writes, in less
 * time (no generic walk over 8,760 objects and their keys) and without its one long string. Written
 * into a buffer a few rows at a time: a string built row by row is a rope of tens of thousands of
 * pieces, all alive until it is sent, which the garbage collector copies at every pass. Timestamps
 * are our own ISO strings and numbers are ASCII: nothing to escape or encode. A number JSON cannot
 * spell is null, as `JSON.stringify` writes it.
 */
export function aggregateJson(rows: AggregateMeasurement[]): Uint8Array<ArrayBuffer> {
  let buffer = Buffer.allocUnsafe(64 + rows.length * (48 + 20 * (rows[0]?.values.length ?? 0)));
  let at = 0;
  const put = (text: string) => {
    if (at + text.length > buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(2 * buffer.length, at + text.length));
      buffer.copy(larger, 0, 0, at);
      buffer = larger;
    }
    at += buffer.write(text, at, 'latin1');
  };
  let text = '[';
  for (let i = 0; i < rows.length; i++) {
    const { timestamp, values } = rows[i]!;
    text += (i === 0 ? '{"timestamp":"' : ',{"timestamp":"') + timestamp + '","values":[';
    for (let c = 0; c < values.length; c++) {
      const value = values[c]!;
      text += (c === 0 ? '' : ',') + (value !== null && Number.isFinite(value) ? String(value) : 'null');
    }
    text += ']}';
    if (i % ROWS_PER_WRITE === ROWS_PER_WRITE - 1) {
      put(text);
      text = '';
    }
  }
  put(text + ']');
  return buffer.subarray(0, at);
}

/** Per stored interval, summed over the channels; `cumulative` adds a running total from `from`. Read in windows of time. */
export async function select(db: DB, channelIds: number[], kind: 'interval' | 'cumulative', from: number, to: number) {
  const window = Math.max(3600, Math.floor(((CHUNK_ROWS / channelIds.length) * 900) / 3600) * 3600);
  const out: { timestamp: string; value: number }[] = [];
  let total = 0;
  for (let a = from; a < to;) {
    const b = Math.min(to, a - (a % 3600) + window);
    if (a > from) await yieldToEventLoop();
    const rows = await db
      .selectFrom('measurement')
      .select(['ts', (eb) => eb.fn.sum<number>('value').as('value')])
      .where('channelId', 'in', channelIds)
      .where('ts', '>=', a)
      .where('ts', '<', b)
      .groupBy('ts')
      .orderBy('ts')
      .execute();
    for (const r of rows) {
      total += Number(r.value);
      out.push({ timestamp: amsterdamIso(r.ts * 1000), value: round(kind === 'cumulative' ? total : Number(r.value)) });
    }
    a = b;
  }
  return out;
}

export async function sumTotal(db: DB, channelIds: number[], from: number, to: number): Promise<number> {
  let total = 0;
  const parts = chunks(channelIds, from, to, hourAligned(from, to) ? 3600 : 900, SUM_CHUNK_ROWS);
  for (const [n, chunk] of parts.entries()) {
    if (n > 0) await yieldToEventLoop();
    const row = await db
      .selectFrom(hourAligned(chunk.from, chunk.to) ? 'measurementHour' : 'measurement')
      .select((eb) => eb.fn.sum<number>('value').as('total'))
      .where('channelId', 'in', chunk.channelIds)
      .where('ts', '>=', chunk.from)
      .where('ts', '<', chunk.to)
      .executeTakeFirst();
    total += Number(row?.total ?? 0);
  }
  return round(total);
}

/** A span's sum (null without rows) and its number of stored rows. */
export interface SumAndCount {
  total: number | null;
  count: number;
}

/**
 * The sum over [from, to) and how many stored rows (hours, or quarters off the hour) it holds; the
 * sum is null when none are stored, so "no data" never reads as 0.
 */
export async function sumAndCount(db: DB, channelIds: number[], from: number, to: number): Promise<SumAndCount> {
  let total: number | null = null;
  let count = 0;
  if (to <= from) return { total, count };
  const parts = chunks(channelIds, from, to, hourAligned(from, to) ? 3600 : 900, SUM_CHUNK_ROWS);
  for (const [n, chunk] of parts.entries()) {
    if (n > 0) await yieldToEventLoop();
    const row = await db
      .selectFrom(hourAligned(chunk.from, chunk.to) ? 'measurementHour' : 'measurement')
      .select((eb) => [eb.fn.sum<number | null>('value').as('total'), eb.fn.countAll<number>().as('count')])
      .where('channelId', 'in', chunk.channelIds)
      .where('ts', '>=', chunk.from)
      .where('ts', '<', chunk.to)
      .executeTakeFirst();
    if (row?.total !== null && row?.total !== undefined) total = (total ?? 0) + Number(row.total);
    count += Number(row?.count ?? 0);
  }
  return { total: total === null ? null : round(total), count };
}

/**
 * Per bucket the highest quarter-hour demand in kW (kWh per quarter × 4, the quarters summed over
 * the channels) and when it began. One query per bucket over the quarter-hour rows.
 */
export async function peaks(db: DB, channelIds: number[], from: number, to: number, starts: number[]) {
  const out = [];
  for (const [i, start] of starts.entries()) {
    if (i > 0 && i % 32 === 0) await yieldToEventLoop();
    const row = await db
      .selectFrom('measurement')
      .select(['ts', (eb) => eb.fn.sum<number>('value').as('value')])
      .where('channelId', 'in', channelIds)
      .where('ts', '>=', Math.max(from, start))
      .where('ts', '<', Math.min(to, starts[i + 1] ?? to))
      .groupBy('ts')
      .orderBy('value', 'desc')
      .orderBy('ts')
      .limit(1)
      .executeTakeFirst();
    out.push({ timestamp: amsterdamIso(start * 1000), kw: row ? round(Number(row.value) * 4) : null, at: row ? amsterdamIso(row.ts * 1000) : null });
  }
  return out;
}

/** Sums are floating point; answers carry at most 6 decimals. */
export const round = (v: number) => Math.round(v * 1e6) / 1e6;

export async function lastMeasurementTs(db: DB, channelId: number): Promise<number | null> {
  const row = await db
    .selectFrom('measurement')
    .select((eb) => eb.fn.max('ts').as('ts'))
    .where('channelId', '=', channelId)
    .executeTakeFirst();
  return row?.ts ?? null;
}

/**
 * Per channel the starts of its oldest and newest stored intervals (UTC seconds), null when none:
 * one statement for any number of channels, a lone min() and max() per channel (one index step
 * each on (channelId, ts)).
 */
export async function edgesPerChannel(db: DB, channelIds: number[]): Promise<Map<number, { first: number | null; last: number | null }>> {
  const out = new Map<number, { first: number | null; last: number | null }>();
  if (channelIds.length === 0) return out;
  const edge = (fn: 'min' | 'max') => sql.raw(`(select ${fn}("ts") from "measurement" where "channelId" = "c"."id")`);
  const { rows } = await sql<{ id: number | string; first: number | string | null; last: number | string | null }>`
    with "c" ("id") as (${idList(db, channelIds)})
    select "c"."id" as "id", ${edge('min')} as "first", ${edge('max')} as "last" from "c"`.execute(db);
  const seconds = (ts: number | string | null) => (ts === null ? null : Number(ts));
  for (const row of rows) out.set(Number(row.id), { first: seconds(row.first), last: seconds(row.last) });
  return out;
}

/**
 * Ids as the rows of a one-column table. PostgreSQL: one array parameter (`unnest`), so the statement
 * is the same text and plan however many ids there are; a `values` list of n parameters is planned
 * anew for every n and costs planning time that grows with it. SQLite: a `values` list (no arrays;
 * no round trip or planning worth saving).
 */
function idList(db: DB, ids: number[]) {
  return engineOf(db) === 'postgres' ? sql`select unnest(cast(${ids} as bigint[]))` : sql`values ${sql.join(ids.map((id) => sql`(cast(${id} as bigint))`))}`;
}

/** A span [from, to) of one channel, named by the caller's `key`. */
export interface SumWindow {
  channelId: number;
  key: number;
  from: number;
  to: number;
}

/** One channel's sum over a window and how many stored rows it holds. */
export interface WindowSum {
  channelId: number;
  total: number;
  count: number;
}

/** Windows per statement: four parameters each on SQLite, well below its limit on parameters. */
const WINDOWS_PER_STATEMENT = 2_000;

type WindowRow = { channelId: number | string; key: number | string; total: number | string | null; count: number | string };

/**
 * The sum and the number of stored rows of many windows at once, per channel, as `sumAndCount` counts them: from
 * the hourly sums where a window is whole hours (rows are hours), else from the quarter-hours. One
 * statement per kind for up to 2,000 windows (a list of locations' days, a location's spans), where
 * a statement per window costs PostgreSQL a round trip each. Windows without rows are absent.
 * Both engines loop over the windows and seek each in the (channelId, ts) key: as a join, SQLite
 * scanned the whole table (10× slower at 840 windows) and PostgreSQL hashed it on the channel alone
 * (20×: 218 against 11 ms in `EXPLAIN ANALYZE`).
 */
export async function windowSums(db: DB, windows: SumWindow[]): Promise<Map<number, WindowSum[]>> {
  const out = new Map<number, WindowSum[]>();
  const kinds = [windows.filter((w) => hourAligned(w.from, w.to)), windows.filter((w) => !hourAligned(w.from, w.to))];
  for (const [kind, list] of kinds.entries()) {
    const table = kind === 0 ? 'measurementHour' : 'measurement';
    for (let i = 0; i < list.length; i += WINDOWS_PER_STATEMENT) {
      if (i > 0) await yieldToEventLoop();
      for (const r of await sumsOfWindows(db, table, list.slice(i, i + WINDOWS_PER_STATEMENT))) {
        if (Number(r.count) === 0) continue;
        const key = Number(r.key);
        if (!out.has(key)) out.set(key, []);
        out.get(key)!.push({ channelId: Number(r.channelId), total: Number(r.total), count: Number(r.count) });
      }
    }
  }
  return out;
}

/**
 * One statement over a batch of windows. PostgreSQL: the windows as four array parameters
 * (`unnest`), each window's sum and count in one lateral subquery, one index seek per window. As
 * a `values` list of four parameters per window the statement was planned anew each time and its
 * planning grew with the windows (840 windows: about as long as running it), and two subqueries
 * sought each window twice. SQLite: a `values` list and a subquery per figure (no lateral joins).
 */
async function sumsOfWindows(db: DB, tableName: 'measurement' | 'measurementHour', windows: SumWindow[]): Promise<WindowRow[]> {
  const table = sql.table(tableName);
  if (engineOf(db) === 'postgres') {
    const column = (pick: (w: SumWindow) => number) => sql`cast(${windows.map(pick)} as bigint[])`;
    const { rows } = await sql<WindowRow>`
      select "w"."channelId" as "channelId", "w"."key" as "key", "s"."total" as "total", "s"."count" as "count"
      from unnest(${column((w) => w.channelId)}, ${column((w) => w.key)}, ${column((w) => w.from)}, ${column((w) => w.to)}) as "w" ("channelId", "key", "from", "to")
      cross join lateral (
        select sum("m"."value") as "total", count(*) as "count" from ${table} as "m"
        where "m"."channelId" = "w"."channelId" and "m"."ts" >= "w"."from" and "m"."ts" < "w"."to"
      ) as "s"`.execute(db);
    return rows;
  }
  const values = sql.join(
    windows.map((w) => sql`(cast(${w.channelId} as bigint), cast(${w.key} as bigint), cast(${w.from} as bigint), cast(${w.to} as bigint))`),
  );
  const over = (aggregate: string) =>
    sql`(select ${sql.raw(aggregate)} from ${table} as "m" where "m"."channelId" = "w"."channelId" and "m"."ts" >= "w"."from" and "m"."ts" < "w"."to")`;
  const { rows } = await sql<WindowRow>`
    with "w" ("channelId", "key", "from", "to") as (values ${values})
    select "w"."channelId" as "channelId", "w"."key" as "key", ${over('sum("m"."value")')} as "total", ${over('count(*)')} as "count" from "w"`.execute(db);
  return rows;
}

/** Per channel: the start of its newest stored interval and how many values are stored. */
export async function channelStats(db: DB, channelIds: number[]) {
  if (channelIds.length === 0) return [];
  return db
    .selectFrom('measurement')
    .select(['channelId', (eb) => eb.fn.max('ts').as('lastTs'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('channelId', 'in', channelIds)
    .groupBy('channelId')
    .execute();
}

/** One channel's stored intervals starting in [from, to), oldest first: what energy rules judge. */
export function intervalsOf(db: DB, channelId: number, from: number, to: number): Promise<{ ts: number; value: number }[]> {
  return db
    .selectFrom('measurement')
    .select(['ts', 'value'])
    .where('channelId', '=', channelId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
}

/*
 * The write path (measurement-store.store.ts). The upserts are portable (SQLite and PostgreSQL both know
 * ON CONFLICT ... excluded).
 */

/** Inserts or replaces values of a channel by interval start. */
export async function upsertMeasurementChunk(db: DB, channelId: number, rows: readonly { ts: number; value: number }[]) {
  await db
    .insertInto('measurement')
    .values(rows.map((r) => ({ channelId, ts: r.ts, value: r.value })))
    .onConflict((oc) => oc.columns(['channelId', 'ts']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/** Rewrites a channel's hourly sums of the whole hours in [from, to) from its values. */
export async function rewriteHourSums(db: DB, channelId: number, from: number, to: number) {
  await db
    .insertInto('measurementHour')
    .columns(['channelId', 'ts', 'value'])
    .expression((eb) =>
      eb
        .selectFrom('measurement')
        .select((s) => ['channelId', s(s.ref('ts'), '-', s(s.ref('ts'), '%', 3600)).as('hour'), s.fn.sum<number>('value').as('value')])
        .where('channelId', '=', channelId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .groupBy(['channelId', 'hour']),
    )
    .onConflict((oc) => oc.columns(['channelId', 'ts']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
