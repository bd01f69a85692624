/**
 * Storing incoming mail: the raw MIME gzipped in the database with what
 * mailparser reads from it, deduplicated per source on the Message-ID (else the SHA-256 of the
 * bytes), written in one transaction with the caller's cursor so that a crash between storing and
 * acknowledging at the server loses and doubles nothing. Unreadable mail is stored raw with a
 * FAILED attempt; mail over the size cap keeps its headers with a REJECTED reason.
 *
 * Mail from a source (fetched or received) is read as it is stored, in the mail reader's worker
 * thread (`worker`): while the worker reads and gzips one batch, this thread fetches the next, and
 * each e-mail is written once, read. A batch the worker has not read within a second (a worker still
 * loading, a huge or pathological message) is stored raw instead: the dedupe key needs only the
 * header block, and the mail reader (mail-reading.ts) reads it afterwards. Until then such an
 * e-mail is `contentPending`: not listed, not parsed.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { DB } from '../../platform/db/database';
import { emailIdsByDedupeKey, insertAttempts, insertEmails } from './alarm-emails.queries';
import { type ContentRead, readContent } from './mail-read';
import { readFetchedMail } from './mail-reader';
import { headerBlock, messageIdOf } from './mime';

/** Larger messages are kept as headers only (the product is for alarms, not for archives). */
export const MAX_RAW_BYTES = 25 * 1024 * 1024;

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
  /** Stored raw: the mail reader has yet to read it (never for a duplicate). */
  raw: boolean;
}

/**
 * How storing reads a message: here, before the transaction (`in-line`); not at all (`raw`: the
 * mail reader reads it later); or in the mail reader's worker, raw when that takes longer than
 * `waitMs` (`worker`; READ_WHILE_STORING_MS unless told).
 */
type StoreReading = 'in-line' | 'raw' | 'worker';

export interface StoreOptions {
  read?: StoreReading;
  waitMs?: number;
  /** Read now, but stored only once this settles (the batch before is stored), and not when it fails. */
  turn?: Promise<unknown>;
}

/** How long storing waits for the worker to read a batch before it stores the batch raw. */
const READ_WHILE_STORING_MS = 1000;
/**
 * Batches whose reading took longer than storing waited and is still under way in the worker: while
 * there are any, the worker is behind (a message that takes long, a worker still loading), and
 * storing does not wait for it but stores raw at once.
 */
let lateReads = 0;

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

/** A message ready to store: `content` null while stored raw; `rawGzip` when the worker gzipped it already. */
type Read = { mail: IncomingMail; messageId: string | null; content: ContentRead | null; tooBig: boolean; dedupeKey: string; rawGzip?: Buffer };

/** `work`'s answer, or null when it takes longer than `ms`. */
async function withinMs<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function readIncoming(db: DB, sourceId: number | null, mails: readonly IncomingMail[], reading: StoreReading, waitMs: number): Promise<Read[]> {
  const reads: Read[] = [];
  for (const mail of mails) {
    const tooBig = mail.raw.length > MAX_RAW_BYTES;
    const messageId = await messageIdOf(mail.raw);
    // Too big: its headers are all there is to read, at once.
    const content = tooBig || reading === 'in-line' ? await readContent(tooBig ? headerBlock(mail.raw) : mail.raw) : null;
    reads.push({ mail, messageId, content, tooBig, dedupeKey: dedupeKeyOf(messageId, mail.raw) });
  }
  if (reading !== 'worker') return reads;
  // Only what is new is read: a folder scanned again meets mostly mail stored before.
  const known = await emailIdsByDedupeKey(db, sourceId, [...new Set(reads.map((r) => r.dedupeKey))]);
  const toRead = reads.filter((r) => !r.content && !known.has(r.dedupeKey));
  if (!toRead.length || lateReads) return reads;
  const inWorker = readFetchedMail(toRead.map((r) => r.mail.raw));
  const fetched = await withinMs(inWorker, waitMs);
  if (!fetched) {
    lateReads++;
    void inWorker.finally(() => lateReads--);
  }
  for (const [i, r] of (fetched ? toRead : []).entries()) {
    const { read, failure, gzipped } = fetched![i]!;
    r.content = { read, failure };
    r.rawGzip = gzipped;
  }
  return reads;
}

const rejectedReasonOf = (rawSize: number, tooBig: boolean) =>
  tooBig
    ? `Het bericht is te groot (${Math.ceil(rawSize / 1024 / 1024)} MB; hoogstens ${MAX_RAW_BYTES / 1024 / 1024} MB): alleen de kopregels zijn bewaard.`
    : null;

/**
 * What an e-mail's row holds of what mailparser read (`content`), and its status after reading:
 * PENDING for the parse queue, or REJECTED (at `at`) when unreadable or too big. The mail reader
 * writes the same columns into an e-mail stored raw.
 */
export function contentColumns({ read, failure }: ContentRead, at: number, rawSize: number, tooBig = false) {
  return {
    subject: read?.subject ?? null,
    fromJson: JSON.stringify(read?.from ?? []),
    toJson: JSON.stringify(read?.to ?? []),
    sentAt: read?.sentAt ?? null,
    text: read?.text ?? '',
    html: read?.html ?? null,
    headersJson: JSON.stringify(read?.headers ?? []),
    // Nothing to run parsers on: unreadable or too big. Otherwise the parse queue takes it.
    parsingStatus: failure || tooBig ? ('REJECTED' as const) : ('PENDING' as const),
    parsedAt: failure || tooBig ? at : null,
    rejectedReason: rejectedReasonOf(rawSize, tooBig),
    contentPending: 0,
  };
}

/** The attempt that says why an e-mail was not parsed: unreadable (FAILED, naming no parser) or too big (REJECTED); none otherwise. */
export function unreadAttempt(emailId: number, at: number, { failure }: ContentRead, rawSize: number, tooBig = false) {
  if (!failure && !tooBig) return null;
  return {
    emailId,
    timestamp: at,
    parserId: null,
    parserName: null,
    type: failure ? ('FAILED' as const) : ('REJECTED' as const),
    exceptionType: failure ? failure.name : null,
    exceptionMessage: failure ? `Het bericht kon niet worden gelezen: ${failure.message}` : null,
    exceptionStackTrace: failure?.stack ?? null,
    reason: rejectedReasonOf(rawSize, tooBig),
  };
}

/** Stored raw: everything mailparser would fill in stays empty until the mail reader has read it. */
const RAW_CONTENT = {
  subject: null,
  fromJson: '[]',
  toJson: '[]',
  sentAt: null,
  text: '',
  html: null,
  headersJson: '[]',
  parsingStatus: 'PENDING' as const,
  parsedAt: null,
  rejectedReason: null,
  contentPending: 1,
};

function emailRow(r: Read) {
  const { mail, content, tooBig } = r;
  return {
    dashboardId: mail.dashboardId,
    sourceId: mail.sourceId,
    messageId: r.messageId,
    dedupeKey: r.dedupeKey,
    // Received means received: the mailbox's arrival time, never later than now (a server clock ahead).
    receivedAt: Math.min(mail.arrivedAt ?? mail.storedAt, mail.storedAt),
    storedAt: mail.storedAt,
    readAt: null,
    ...(content ? contentColumns(content, mail.storedAt, mail.raw.length, tooBig) : RAW_CONTENT),
    rawGzip: tooBig ? null : (r.rawGzip ?? gzipSync(mail.raw)),
    rawSize: mail.raw.length,
  };
}

/**
 * Stores messages of one source (or none) in one transaction, in order; `after(trx, results)` runs
 * in it (e.g. the IMAP cursor at the batch's last UID), so a crash keeps the batch and its cursor
 * together or neither. A message stored before, or twice in the batch, is a duplicate of the first.
 * Reading the MIME happens before the transaction, so the database is never held while parsing;
 * what stays raw is left to the mail reader (wake it after the commit; `raw` in the results), what
 * was read to the parse queue.
 */
export async function storeIncomingMails(
  db: DB,
  mails: readonly IncomingMail[],
  after?: (trx: DB, results: StoreResult[]) => Promise<void>,
  { read = 'in-line', waitMs = READ_WHILE_STORING_MS, turn }: StoreOptions = {},
) {
  const sourceIds = new Set(mails.map((m) => m.sourceId));
  if (sourceIds.size > 1) throw new Error('storeIncomingMails takes the messages of one source.');
  const sourceId = mails[0]?.sourceId ?? null;
  const reads = await readIncoming(db, sourceId, mails, read, waitMs);
  await turn;
  return db.transaction().execute(async (trx) => {
    const keys = [...new Set(reads.map((r) => r.dedupeKey))];
    const known = await emailIdsByDedupeKey(trx, sourceId, keys);
    const fresh = reads.filter((r, i) => !known.has(r.dedupeKey) && reads.findIndex((o) => o.dedupeKey === r.dedupeKey) === i);
    for (const r of await insertEmails(trx, fresh.map(emailRow))) known.set(r.dedupeKey, r.id);
    const attempts = fresh
      .flatMap((r) => (r.content ? [unreadAttempt(known.get(r.dedupeKey)!, r.mail.storedAt, r.content, r.mail.raw.length, r.tooBig)] : []))
      .filter((a) => a !== null);
    if (attempts.length) await insertAttempts(trx, attempts);
    const freshSet = new Set(fresh);
    const results = reads.map((r) => ({ id: known.get(r.dedupeKey)!, duplicate: !freshSet.has(r), raw: freshSet.has(r) && !r.content }));
    await after?.(trx, results);
    return results;
  });
}
