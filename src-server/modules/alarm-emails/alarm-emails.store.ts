/**
 * Storing incoming mail (DESIGN.md §7 "Pipeline"): the raw MIME gzipped in the database with what
 * mailparser reads from it, deduplicated per source on the Message-ID (else the SHA-256 of the
 * bytes), written in one transaction with the caller's cursor so that a crash between storing and
 * acknowledging at the server loses and doubles nothing. Unreadable mail is stored raw with a
 * FAILED attempt; mail over the size cap keeps its headers with a REJECTED reason.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { DB } from '../../db/database';
import { type ReadMessage, readMessage } from './mime';

/** Larger messages are kept as headers only (the product is for alarms, not for archives). */
const MAX_RAW_BYTES = 25 * 1024 * 1024;

export interface IncomingMail {
  dashboardId: number;
  sourceId: number | null;
  raw: Buffer;
  /** Now: when it is stored. */
  storedAt: number;
  /** When its mailbox received it (IMAP INTERNALDATE, Graph receivedDateTime); absent: the store time. */
  arrivedAt?: number | null;
}

export interface StoreResult {
  id: number;
  /** Stored before (same source and Message-ID or bytes): nothing new was written but the cursor. */
  duplicate: boolean;
}

const headerBlock = (raw: Buffer) => {
  const end = raw.indexOf('\r\n\r\n');
  const alt = raw.indexOf('\n\n');
  const cut = [end, alt].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? Math.min(raw.length, 256 * 1024);
  return raw.subarray(0, Math.min(cut, 256 * 1024));
};

/** `mid:<message-id>` (without brackets, lower-cased), else `sha256:<hex of the bytes>`. */
function dedupeKeyOf(messageId: string | null, raw: Buffer) {
  const id = messageId?.trim().replace(/^<|>$/g, '').trim().toLowerCase();
  return id ? `mid:${id}` : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/**
 * Stores one message; `cursor(trx, duplicate, id)` runs in the same transaction (e.g. the source's
 * count of stored messages and its last e-mail; `id` the stored e-mail's).
 */
export async function storeIncomingMail(db: DB, mail: IncomingMail, cursor?: (trx: DB, duplicate: boolean, id: number) => Promise<void>): Promise<StoreResult> {
  const [result] = await storeIncomingMails(db, [mail], cursor && ((trx, [r]) => cursor(trx, r!.duplicate, r!.id)));
  return result!;
}

type Read = { mail: IncomingMail; read: ReadMessage | null; failure: Error | null; tooBig: boolean; dedupeKey: string };

async function readIncoming(mail: IncomingMail): Promise<Read> {
  const tooBig = mail.raw.length > MAX_RAW_BYTES;
  let read: ReadMessage | null = null;
  let failure: Error | null = null;
  try {
    read = await readMessage(tooBig ? headerBlock(mail.raw) : mail.raw);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  return { mail, read, failure, tooBig, dedupeKey: dedupeKeyOf(read?.messageId ?? null, mail.raw) };
}

const rejectedReasonOf = ({ mail, tooBig }: Read) =>
  tooBig
    ? `Het bericht is te groot (${Math.ceil(mail.raw.length / 1024 / 1024)} MB; hoogstens ${MAX_RAW_BYTES / 1024 / 1024} MB): alleen de kopregels zijn bewaard.`
    : null;

function emailRow(r: Read) {
  const { mail, read, failure, tooBig } = r;
  return {
    dashboardId: mail.dashboardId,
    sourceId: mail.sourceId,
    messageId: read?.messageId ?? null,
    dedupeKey: r.dedupeKey,
    // Received means received: the mailbox's arrival time, never later than now (a server clock ahead).
    receivedAt: Math.min(mail.arrivedAt ?? mail.storedAt, mail.storedAt),
    storedAt: mail.storedAt,
    readAt: null,
    subject: read?.subject ?? null,
    fromJson: JSON.stringify(read?.from ?? []),
    toJson: JSON.stringify(read?.to ?? []),
    sentAt: read?.sentAt ?? null,
    text: read?.text ?? '',
    html: read?.html ?? null,
    headersJson: JSON.stringify(read?.headers ?? []),
    // Nothing to run parsers on: unreadable or too big. Otherwise the parse queue takes it.
    parsingStatus: failure || tooBig ? ('REJECTED' as const) : ('PENDING' as const),
    parsedAt: failure || tooBig ? mail.storedAt : null,
    rawGzip: tooBig ? null : gzipSync(mail.raw),
    rawSize: mail.raw.length,
    rejectedReason: rejectedReasonOf(r),
  };
}

/**
 * Stores messages of one source (or none) in one transaction, in order; `after(trx, results)` runs
 * in it (e.g. the IMAP cursor at the batch's last UID), so a crash keeps the batch and its cursor
 * together or neither. A message stored before, or twice in the batch, is a duplicate of the first.
 * Reading the MIME happens before the transaction, so the database is never held while parsing.
 */
export async function storeIncomingMails(db: DB, mails: readonly IncomingMail[], after?: (trx: DB, results: StoreResult[]) => Promise<void>) {
  const reads: Read[] = [];
  for (const mail of mails) reads.push(await readIncoming(mail));
  const sourceIds = new Set(mails.map((m) => m.sourceId));
  if (sourceIds.size > 1) throw new Error('storeIncomingMails takes the messages of one source.');
  const sourceId = mails[0]?.sourceId ?? null;
  return db.transaction().execute(async (trx) => {
    const keys = [...new Set(reads.map((r) => r.dedupeKey))];
    const known = new Map<string, number>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await trx
        .selectFrom('alarmEmail')
        .select(['id', 'dedupeKey'])
        .where((eb) => (sourceId === null ? eb('sourceId', 'is', null) : eb('sourceId', '=', sourceId)))
        .where('dedupeKey', 'in', keys.slice(i, i + 500))
        .execute();
      for (const r of rows) known.set(r.dedupeKey, r.id);
    }
    const fresh = reads.filter((r, i) => !known.has(r.dedupeKey) && reads.findIndex((o) => o.dedupeKey === r.dedupeKey) === i);
    // A few at a time: one statement stays well under SQLite's limit of bound values.
    for (let i = 0; i < fresh.length; i += 50) {
      const inserted = await trx
        .insertInto('alarmEmail')
        .values(fresh.slice(i, i + 50).map(emailRow))
        .returning(['id', 'dedupeKey'])
        .execute();
      for (const r of inserted) known.set(r.dedupeKey, r.id);
    }
    const attempts = fresh
      .filter((r) => r.failure || r.tooBig)
      .map((r) => ({
        emailId: known.get(r.dedupeKey)!,
        timestamp: r.mail.storedAt,
        parserId: null,
        parserName: null,
        type: r.failure ? ('FAILED' as const) : ('REJECTED' as const),
        exceptionType: r.failure ? r.failure.name : null,
        exceptionMessage: r.failure ? `Het bericht kon niet worden gelezen: ${r.failure.message}` : null,
        exceptionStackTrace: r.failure?.stack ?? null,
        reason: rejectedReasonOf(r),
      }));
    if (attempts.length) await trx.insertInto('parsingAttempt').values(attempts).execute();
    const freshSet = new Set(fresh);
    const results = reads.map((r) => ({ id: known.get(r.dedupeKey)!, duplicate: !freshSet.has(r) }));
    await after?.(trx, results);
    return results;
  });
}
