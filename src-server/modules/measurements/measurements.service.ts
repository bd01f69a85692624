/**
 * Measurement answers for the channels a user may read: those of meters on its visible locations
 * (customers included) and, for staff, those of its visible feeds. Others read as absent (404).
 */
import { type Granularity, MAX_BUCKETS } from '@/domain/measurement';
import { localToUtc } from '@/lib/amsterdam';
import type { User } from '@/domain/user';
import type { DB } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { isStaff } from '../../tenancy';
import { visibleChannelIds } from '../meterbeheer/feeds.queries';
import { channelIdsOfVisibleMeters } from '../meters/meters.queries';
import { predictHourly, predictTotal } from './forecast';
import { bucketStarts } from '@/lib/local-buckets';
import { aggregate, select, sumTotal } from './measurements.queries';

async function assertReadable(db: DB, user: User, ids: number[]) {
  const readable = await channelIdsOfVisibleMeters(db, user, ids);
  if (isStaff(user)) (await visibleChannelIds(db, user, ids)).forEach((id) => readable.add(id));
  const missing = ids.find((id) => !readable.has(id));
  if (missing !== undefined) throw notFound(`Kanaal ${missing} bestaat niet.`);
}

function range(from: string, to: string) {
  const start = localToUtc(from);
  const end = localToUtc(to);
  if (start >= end) throw new AppError('BAD_REQUEST', 'De invoer is ongeldig.', { fieldErrors: { to: ['`to` moet na `from` liggen.'] } });
  return { start, end };
}

const tooMany = (count: string) =>
  new AppError(
    'BAD_REQUEST',
    `Te veel intervallen (${count}); hoogstens ${MAX_BUCKETS.toLocaleString('nl-NL')} per vraag. Kies een kortere periode of een grovere indeling.`,
  );

export async function aggregateMeasurements(db: DB, user: User, ids: number[], granularity: Granularity, from: string, to: string) {
  await assertReadable(db, user, ids);
  const { start, end } = range(from, to);
  const starts = bucketStarts(granularity, start, end, MAX_BUCKETS);
  if (starts.length > MAX_BUCKETS) throw tooMany(`meer dan ${MAX_BUCKETS.toLocaleString('nl-NL')}`);
  return aggregate(db, ids, granularity, start, end, starts);
}

export async function selectMeasurements(db: DB, user: User, ids: number[], kind: 'interval' | 'cumulative', from: string, to: string) {
  await assertReadable(db, user, ids);
  const { start, end } = range(from, to);
  if ((end - start) / 900 > MAX_BUCKETS) throw tooMany(`${Math.ceil((end - start) / 900).toLocaleString('nl-NL')} kwartieren`);
  return select(db, ids, kind, start, end);
}

export async function totalMeasurements(db: DB, user: User, ids: number[], from: string, to: string) {
  await assertReadable(db, user, ids);
  const { start, end } = range(from, to);
  return sumTotal(db, ids, start, end);
}

export async function forecastHourly(db: DB, user: User, ids: number[], date: string) {
  await assertReadable(db, user, ids);
  return predictHourly(db, ids, date);
}

export async function forecastTotal(db: DB, user: User, ids: number[], date: string) {
  await assertReadable(db, user, ids);
  return predictTotal(db, ids, date);
}
