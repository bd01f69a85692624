/**
 * Measurement answers for the channels a user may read: those of meters on its visible locations
 * (customers included) and, for staff, those of its visible feeds. Others read as absent (404).
 */
import { type Granularity, MAX_BUCKETS, MAX_CELLS, uniqueChannelIds } from '@/domain/measurement';
import { localToUtc } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import { AppError, invalidField, notFound } from '../../platform/errors';
import { isStaff } from '../../platform/db/tenancy';
import { visibleChannelIds } from '../meterbeheer/meterbeheer.queries';
import { channelIdsOfVisibleMeters } from '../meters/meters.queries';
import { predictHourly, predictTotal } from './forecast';
import { bucketStarts } from '@/lib/local-buckets';
import type { Caller } from '../../platform/caller';
import { aggregate, peaks, select, sumTotal } from '../measurement-store/measurement-store.queries';

/** The channels of `ids`, each once, after checking the caller may read every one of them. */
async function readableChannels(db: DB, { user }: Caller, ids: number[]) {
  const channels = uniqueChannelIds(ids);
  const readable = await channelIdsOfVisibleMeters(db, user, channels);
  if (isStaff(user)) (await visibleChannelIds(db, user, channels)).forEach((id) => readable.add(id));
  const missing = channels.find((id) => !readable.has(id));
  if (missing !== undefined) throw notFound(`Kanaal ${missing} bestaat niet.`);
  return channels;
}

function range(from: string, to: string) {
  const start = localToUtc(from);
  const end = localToUtc(to);
  if (start >= end) throw invalidField('to', '`to` moet na `from` liggen.');
  return { start, end };
}

const nl = (n: number) => n.toLocaleString('nl-NL');

const tooMany = (count: string) =>
  new AppError('BAD_REQUEST', `Te veel intervallen (${count}); hoogstens ${nl(MAX_BUCKETS)} per vraag. Kies een kortere periode of een grovere indeling.`);

/** Channels × buckets bounds the work and the size of one answer. */
function assertCells(channels: number, buckets: number) {
  if (channels * buckets > MAX_CELLS) {
    throw new AppError(
      'BAD_REQUEST',
      `Te veel waarden (${nl(channels)} kanalen × ${nl(buckets)} intervallen); hoogstens ${nl(MAX_CELLS)} per vraag. Kies minder kanalen, een kortere periode of een grovere indeling.`,
    );
  }
}

/** A range whose every quarter is read: bounded in quarters as an aggregate is in buckets. */
function quarterRange(from: string, to: string, channels: number) {
  const { start, end } = range(from, to);
  const quarters = Math.ceil((end - start) / 900);
  if (quarters > MAX_BUCKETS) throw tooMany(`${nl(quarters)} kwartieren`);
  assertCells(channels, quarters);
  return { start, end };
}

interface Deps {
  db: DB;
}

/**
 * One value per channel *as given*: a repeated id is read once and its values repeated at each of
 * its positions, so `values[]` lines up with the ids the client sent.
 */
export async function aggregateMeasurements({ db }: Deps, caller: Caller, ids: number[], granularity: Granularity, from: string, to: string) {
  const channels = await readableChannels(db, caller, ids);
  const { start, end } = range(from, to);
  const starts = bucketStarts(granularity, start, end, MAX_BUCKETS);
  if (starts.length > MAX_BUCKETS) throw tooMany(`meer dan ${nl(MAX_BUCKETS)}`);
  assertCells(ids.length, starts.length);
  const rows = await aggregate(db, channels, granularity, start, end, starts);
  if (channels.length === ids.length) return rows;
  const positions = ids.map((id) => channels.indexOf(id));
  return rows.map((row) => ({ timestamp: row.timestamp, values: positions.map((p) => row.values[p]!) }));
}

export async function selectMeasurements({ db }: Deps, caller: Caller, ids: number[], kind: 'interval' | 'cumulative', from: string, to: string) {
  const channels = await readableChannels(db, caller, ids);
  const { start, end } = quarterRange(from, to, channels.length);
  return select(db, channels, kind, start, end);
}

export async function totalMeasurements({ db }: Deps, caller: Caller, ids: number[], from: string, to: string) {
  const channels = await readableChannels(db, caller, ids);
  const { start, end } = range(from, to);
  return sumTotal(db, channels, start, end);
}

export async function forecastHourly({ db }: Deps, caller: Caller, ids: number[], date: string) {
  const channels = await readableChannels(db, caller, ids);
  return predictHourly(db, channels, date);
}

export async function forecastTotal({ db }: Deps, caller: Caller, ids: number[], date: string) {
  const channels = await readableChannels(db, caller, ids);
  return predictTotal(db, channels, date);
}

export async function peakDemand({ db }: Deps, caller: Caller, ids: number[], granularity: 'day' | 'week' | 'month' | 'year', from: string, to: string) {
  const channels = await readableChannels(db, caller, ids);
  const { start, end } = quarterRange(from, to, channels.length);
  return peaks(db, channels, start, end, bucketStarts(granularity, start, end));
}
