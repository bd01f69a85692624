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
 * Stores one message; `cursor(trx, duplicate, id)` runs in the same transaction (e.g. the IMAP
 * source's last UID, its count of stored messages and its last e-mail; `id` the stored e-mail's).
 * Reading the MIME happens before the transaction, so the database is never held while parsing.
 */
export async function storeIncomingMail(db: DB, mail: IncomingMail, cursor?: (trx: DB, duplicate: boolean, id: number) => Promise<void>): Promise<StoreResult> {
  const tooBig = mail.raw.length > MAX_RAW_BYTES;
  let read: ReadMessage | null = null;
  let failure: Error | null = null;
  try {
    read = await readMessage(tooBig ? headerBlock(mail.raw) : mail.raw);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  const dedupeKey = dedupeKeyOf(read?.messageId ?? null, mail.raw);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('alarmEmail')
      .select('id')
      .where((eb) => (mail.sourceId === null ? eb('sourceId', 'is', null) : eb('sourceId', '=', mail.sourceId)))
      .where('dedupeKey', '=', dedupeKey)
      .executeTakeFirst();
    if (existing) {
      await cursor?.(trx, true, existing.id);
      return { id: existing.id, duplicate: true };
    }
    const rejectedReason = tooBig
      ? `Het bericht is te groot (${Math.ceil(mail.raw.length / 1024 / 1024)} MB; hoogstens ${MAX_RAW_BYTES / 1024 / 1024} MB): alleen de kopregels zijn bewaard.`
      : null;
    const { id } = await trx
      .insertInto('alarmEmail')
      .values({
        dashboardId: mail.dashboardId,
        sourceId: mail.sourceId,
        messageId: read?.messageId ?? null,
        dedupeKey,
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
        parsingStatus: failure || tooBig ? 'REJECTED' : 'PENDING',
        parsedAt: failure || tooBig ? mail.storedAt : null,
        rawGzip: tooBig ? null : gzipSync(mail.raw),
        rawSize: mail.raw.length,
        rejectedReason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (failure || tooBig) {
      await trx
        .insertInto('parsingAttempt')
        .values({
          emailId: id,
          timestamp: mail.storedAt,
          parserId: null,
          parserName: null,
          type: failure ? 'FAILED' : 'REJECTED',
          exceptionType: failure ? failure.name : null,
          exceptionMessage: failure ? `Het bericht kon niet worden gelezen: ${failure.message}` : null,
          exceptionStackTrace: failure?.stack ?? null,
          reason: rejectedReason,
        })
        .execute();
    }
    await cursor?.(trx, false, id);
    return { id, duplicate: false };
  });
}
