/** The inbox: stored e-mails of a dashboard, one e-mail, its parsing attempts; and storing and reading incoming mail (alarm-emails.store.ts, mail-reading.ts). */
import { type Insertable, type Updateable, sql } from 'kysely';
import { isoFromSeconds } from '../../platform/clock';
import type { User } from '@/domain/user';
import { toListQuery } from '@/domain/paging';
import type { DB } from '../../platform/db/database';
import { pageCount, pageWindow } from '../../platform/db/listing';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { AlarmEmailTable, ParsingAttemptTable } from './alarm-emails.table';

const addresses = (json: string) => JSON.parse(json) as { address: string; name: string }[];

/** What each matched e-mail was besides an alarm (a recovery with its count, a sign of life), from its MATCHED attempts. */
async function signalsOf(db: DB, emailIds: number[]) {
  const out = new Map<number, { type: 'RECOVERY' | 'HEARTBEAT'; resolved?: number }>();
  if (emailIds.length === 0) return out;
  const rows = await db
    .selectFrom('parsingAttempt')
    .select(['emailId', 'resolved', 'heartbeatKey'])
    .where('emailId', 'in', emailIds)
    .where('type', '=', 'MATCHED')
    .where((eb) => eb.or([eb('resolved', 'is not', null), eb('heartbeatKey', 'is not', null)]))
    .orderBy('id')
    .execute();
  for (const r of rows) {
    // A recovery acts once; a later re-parse finds nothing left to resolve, so the largest count is the one it did.
    if (r.resolved !== null) out.set(r.emailId, { type: 'RECOVERY', resolved: Math.max(r.resolved, out.get(r.emailId)?.resolved ?? 0) });
    else out.set(r.emailId, { type: 'HEARTBEAT' });
  }
  return out;
}

export async function listEmails(
  db: DB,
  input: { dashboardId: number; page: number; size: number; sort: string; status?: 'PENDING' | 'MATCHED' | 'REJECTED' },
) {
  const list = toListQuery(input);
  // An e-mail stored raw is not shown until the mail reader has read it (mail-reading.ts).
  let q = db.selectFrom('alarmEmail').where('dashboardId', '=', input.dashboardId).where('contentPending', '=', 0);
  if (input.status) q = q.where('parsingStatus', '=', input.status);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'fromJson', 'toJson', 'readAt', 'parsedAt', 'subject', 'parsingStatus', 'receivedAt'])
    .orderBy('receivedAt', input.sort === 'receivedAt,asc' ? 'asc' : 'desc')
    .orderBy('id', input.sort === 'receivedAt,asc' ? 'asc' : 'desc')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  const signals = await signalsOf(
    db,
    rows.filter((r) => r.parsingStatus === 'MATCHED').map((r) => r.id),
  );
  return {
    emails: rows.map((r) => ({
      id: r.id,
      from: addresses(r.fromJson),
      to: addresses(r.toJson),
      readAt: isoFromSeconds(r.readAt),
      parsedAt: isoFromSeconds(r.parsedAt),
      subject: r.subject,
      parsingStatus: r.parsingStatus,
      ...(signals.has(r.id) ? { signal: signals.get(r.id) } : {}),
      receivedAt: isoFromSeconds(r.receivedAt)!,
    })),
    totalNumberOfPages: pageCount(total, list),
  };
}

export async function findEmail(db: DB, user: User, id: number) {
  const r = await db
    .selectFrom('alarmEmail')
    .selectAll()
    .where('id', '=', id)
    .where('contentPending', '=', 0)
    .where('dashboardId', 'in', visibleDashboardIds(db, user))
    .executeTakeFirst();
  if (!r) return undefined;
  const signal = r.parsingStatus === 'MATCHED' ? (await signalsOf(db, [r.id])).get(r.id) : undefined;
  return {
    id: r.id,
    readAt: isoFromSeconds(r.readAt),
    message: r.text,
    messageId: r.messageId,
    subject: r.subject,
    from: addresses(r.fromJson),
    to: addresses(r.toJson),
    parsedAt: isoFromSeconds(r.parsedAt),
    receivedAt: isoFromSeconds(r.receivedAt)!,
    sentAt: isoFromSeconds(r.sentAt),
    parsingStatus: r.parsingStatus,
    ...(signal ? { signal } : {}),
    html: r.html,
    headers: JSON.parse(r.headersJson) as [string, string][],
    sourceId: r.sourceId,
    rawSize: r.rawSize,
    rejectedReason: r.rejectedReason,
  };
}

/** The dashboard of an e-mail in the user's scope, for the settings rule; undefined when absent. */
export async function emailDashboardId(db: DB, user: User, id: number) {
  const r = await db
    .selectFrom('alarmEmail')
    .select('dashboardId')
    .where('id', '=', id)
    .where('contentPending', '=', 0)
    .where('dashboardId', 'in', visibleDashboardIds(db, user))
    .executeTakeFirst();
  return r?.dashboardId;
}

export async function attemptsOf(db: DB, emailId: number) {
  const rows = await db.selectFrom('parsingAttempt').selectAll().where('emailId', '=', emailId).orderBy('id').execute();
  return rows.map((a) => ({
    id: a.id,
    timestamp: isoFromSeconds(a.timestamp)!,
    parser: a.parserName === null ? null : { id: a.parserId, name: a.parserName },
    type: a.type,
    ...(a.type === 'FAILED' ? { exceptionType: a.exceptionType, exceptionMessage: a.exceptionMessage, exceptionStackTrace: a.exceptionStackTrace } : {}),
    ...(a.type === 'REJECTED' ? { reason: a.reason } : {}),
    ...(a.resolved !== null ? { resolved: a.resolved } : {}),
    ...(a.heartbeatKey !== null ? { heartbeat: a.heartbeatKey } : {}),
  }));
}

const FOR_PARSING = [
  'id',
  'dashboardId',
  'sourceId',
  'parsingStatus',
  'alarmId',
  'receivedAt',
  'subject',
  'fromJson',
  'toJson',
  'sentAt',
  'text',
  'html',
  'headersJson',
  'contentPending',
] as const;

/** What the parse pipeline reads of a stored e-mail. */
export function emailForParsing(db: DB, id: number) {
  return db.selectFrom('alarmEmail').select(FOR_PARSING).where('id', '=', id).executeTakeFirst();
}

/** `emailForParsing` of several e-mails in one query (the parse queue reads ahead); absent ones are left out. */
export async function emailsForParsing(db: DB, ids: readonly number[]) {
  return ids.length ? db.selectFrom('alarmEmail').select(FOR_PARSING).where('id', 'in', ids).execute() : [];
}
export type EmailForParsing = NonNullable<Awaited<ReturnType<typeof emailForParsing>>>;

/**
 * The parse queue, round robin per dashboard: every dashboard's oldest PENDING e-mail, then every
 * dashboard's second, and so on, at most `perDashboard` of each. One dashboard's backlog (or
 * hostile parsers reparsing it) then never keeps another dashboard's new mail out of the next
 * batch, and that batch, written in one transaction, is short.
 */
export async function pendingEmailIds(db: DB, limit: number, perDashboard = limit) {
  return (await pendingEmails(db, limit, perDashboard)).map((r) => r.id);
}

/** `pendingEmailIds` with each e-mail's dashboard, which the scheduler shares the parser pool by; `except` (the e-mails it started) take no turn. */
export async function pendingEmails(db: DB, limit: number, perDashboard = limit, except: readonly number[] = []) {
  // Each dashboard's first e-mails by id, read from the index (parsingStatus, contentPending,
  // dashboardId, id): a few index entries per dashboard, not every PENDING e-mail ranked on each
  // read of the queue. E-mails stored raw wait for the mail reader.
  const rows = await db
    .selectFrom(db.selectFrom('alarmEmail').select('dashboardId').distinct().where('parsingStatus', '=', 'PENDING').where('contentPending', '=', 0).as('d'))
    .innerJoin('alarmEmail as e', (join) =>
      join.on((eb) =>
        eb('e.id', 'in', (sub) => {
          let first = sub
            .selectFrom('alarmEmail as x')
            .select('x.id')
            .where('x.parsingStatus', '=', 'PENDING')
            .where('x.contentPending', '=', 0)
            .whereRef('x.dashboardId', '=', 'd.dashboardId');
          if (except.length) first = first.where('x.id', 'not in', except);
          return first.orderBy('x.id').limit(perDashboard);
        }),
      ),
    )
    .select(['e.id', 'e.dashboardId'])
    .execute();
  // Round robin: every dashboard's first, then every dashboard's second, and so on.
  const turns = new Map<number, number>();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => {
      const turn = (turns.get(r.dashboardId) ?? 0) + 1;
      turns.set(r.dashboardId, turn);
      return { id: r.id, dashboardId: r.dashboardId, turn };
    })
    .sort((a, b) => a.turn - b.turn || a.id - b.id)
    .slice(0, limit)
    .map(({ id, dashboardId }) => ({ id, dashboardId }));
}

/** Read (at `at`) or unread again. */
export async function markEmailRead(db: DB, id: number, at: number | null) {
  await db.updateTable('alarmEmail').set({ readAt: at }).where('id', '=', id).execute();
}

/** Whether an earlier parse of this e-mail already acted as a recovery. */
export async function resolvedBefore(db: DB, emailId: number) {
  return Boolean(await db.selectFrom('parsingAttempt').select('id').where('emailId', '=', emailId).where('resolved', 'is not', null).executeTakeFirst());
}

/** Back into the parse queue (a re-parse); answers whether it was there to queue. */
export async function requeueEmail(db: DB, id: number) {
  const result = await db.updateTable('alarmEmail').set({ parsingStatus: 'PENDING' }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every REJECTED e-mail of a dashboard back into the parse queue; answers how many. */
export async function requeueRejected(db: DB, dashboardId: number) {
  const result = await db
    .updateTable('alarmEmail')
    .set({ parsingStatus: 'PENDING' })
    .where('dashboardId', '=', dashboardId)
    .where('parsingStatus', '=', 'REJECTED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface AttemptRecord {
  parserId: number | null;
  parserName: string | null;
  type: 'MATCHED' | 'FAILED' | 'REJECTED';
  exceptionType?: string | null;
  exceptionMessage?: string | null;
  exceptionStackTrace?: string | null;
  reason?: string | null;
  /** A recovery: how many open alarms it resolved. */
  resolved?: number | null;
  /** A sign of life: the heartbeat key it renewed. */
  heartbeatKey?: string | null;
}

/**
 * The end of parses, inside the caller's transaction: each e-mail's new status. Guarded: an e-mail
 * that is no longer PENDING (another run finished it first) is left alone and is not among the ids
 * that come back; call it first, before writing anything else (then `recordAttempts`).
 */
export async function claimParses(db: DB, at: number, outcomes: { emailId: number; status: 'MATCHED' | 'REJECTED' }[]) {
  const claimed = new Set<number>();
  for (const status of ['MATCHED', 'REJECTED'] as const) {
    const ids = outcomes.filter((o) => o.status === status).map((o) => o.emailId);
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db
        .updateTable('alarmEmail')
        .set({ parsingStatus: status, parsedAt: at })
        .where('id', 'in', ids.slice(i, i + 1000))
        .where('parsingStatus', '=', 'PENDING')
        .returning('id')
        .execute();
      for (const r of rows) claimed.add(r.id);
    }
  }
  return claimed;
}

/** The attempts of parses, after `claimParses` and whatever the matches did (they fill `resolved`), in the given order. */
export async function recordAttempts(db: DB, at: number, attempts: (AttemptRecord & { emailId: number })[]) {
  // 11 columns a row: chunks of 1,000 stay below SQLite's 32,766 variables.
  for (let i = 0; i < attempts.length; i += 1000) {
    await db
      .insertInto('parsingAttempt')
      .values(
        attempts.slice(i, i + 1000).map((a) => ({
          emailId: a.emailId,
          timestamp: at,
          parserId: a.parserId,
          parserName: a.parserName,
          type: a.type,
          exceptionType: a.exceptionType ?? null,
          exceptionMessage: a.exceptionMessage ?? null,
          exceptionStackTrace: a.exceptionStackTrace ?? null,
          reason: a.reason ?? null,
          resolved: a.resolved ?? null,
          heartbeatKey: a.heartbeatKey ?? null,
        })),
      )
      .execute();
  }
}

/** The alarm each e-mail made or added an occurrence to, in one statement per 500 e-mails. */
export async function linkEmailsToAlarms(db: DB, links: { emailId: number; alarmId: number }[]) {
  for (let i = 0; i < links.length; i += 500) {
    const chunk = links.slice(i, i + 500);
    await db
      .updateTable('alarmEmail')
      .set((eb) => {
        let choice = eb
          .case('id')
          .when(chunk[0]!.emailId)
          .then(sql<number>`cast(${chunk[0]!.alarmId} as bigint)`);
        for (const l of chunk.slice(1)) choice = choice.when(l.emailId).then(sql<number>`cast(${l.alarmId} as bigint)`);
        return { alarmId: choice.end() };
      })
      .where(
        'id',
        'in',
        chunk.map((l) => l.emailId),
      )
      .execute();
  }
}

/** Per parser, its attempts since `since` by type (the parsers page's last 24 hours). */
export async function attemptCountsByParser(db: DB, parserIds: number[], since: number) {
  const counts = new Map<number, { matched: number; failed: number; rejected: number }>();
  for (const id of parserIds) counts.set(id, { matched: 0, failed: 0, rejected: 0 });
  if (parserIds.length === 0) return counts;
  const rows = await db
    .selectFrom('parsingAttempt')
    .select(['parserId', 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('parserId', 'in', parserIds)
    .where('timestamp', '>=', since)
    .groupBy(['parserId', 'type'])
    .execute();
  for (const r of rows) counts.get(r.parserId!)![r.type.toLowerCase() as 'matched' | 'failed' | 'rejected'] = r.n;
  return counts;
}

/** Of these dedupe keys, those of e-mails stored from the source (or none), with the e-mail's id; 500 keys a statement. */
export async function emailIdsByDedupeKey(db: DB, sourceId: number | null, keys: readonly string[]) {
  const known = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('alarmEmail')
      .select(['id', 'dedupeKey'])
      .where((eb) => (sourceId === null ? eb('sourceId', 'is', null) : eb('sourceId', '=', sourceId)))
      .where('dedupeKey', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) known.set(r.dedupeKey, r.id);
  }
  return known;
}

/** Inserts e-mails in order; answers each one's id and dedupe key. */
export async function insertEmails(db: DB, rows: readonly Insertable<AlarmEmailTable>[]) {
  const inserted: { id: number; dedupeKey: string }[] = [];
  // A few at a time: one statement stays well under SQLite's limit of bound values.
  for (let i = 0; i < rows.length; i += 50) {
    inserted.push(
      ...(await db
        .insertInto('alarmEmail')
        .values(rows.slice(i, i + 50))
        .returning(['id', 'dedupeKey'])
        .execute()),
    );
  }
  return inserted;
}

export async function insertAttempts(db: DB, attempts: Insertable<ParsingAttemptTable>[]) {
  await db.insertInto('parsingAttempt').values(attempts).execute();
}

/** E-mails stored raw after id `after` (of one source, when given), oldest first, from the partial index of those. */
export function rawEmails(db: DB, limit: number, after: number, sourceId?: number) {
  let q = db.selectFrom('alarmEmail').select(['id', 'rawGzip', 'rawSize']).where('contentPending', '=', sql.lit(1)).where('id', '>', after);
  if (sourceId !== undefined) q = q.where('sourceId', '=', sourceId);
  return q.orderBy('id').limit(limit).execute();
}

/** Writes what the mail reader read into an e-mail still stored raw; answers whether it was (guarded on the flag). */
export async function writeRawEmailContent(db: DB, id: number, content: Updateable<AlarmEmailTable>) {
  const result = await db.updateTable('alarmEmail').set(content).where('id', '=', id).where('contentPending', '=', 1).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
