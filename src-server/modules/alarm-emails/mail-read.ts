/**
 * What storing needs from one raw message, worked out before the database is touched: what
 * mailparser reads (mime.ts), the raw bytes gzipped, and the dedupe key. Runs in the mail reader's
 * worker thread (mail-reader.ts), or on the calling thread when the worker cannot.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { type ReadMessage, readMessage } from './mime';

/** Larger messages are kept as headers only (the product is for alarms, not for archives). */
export const MAX_RAW_BYTES = 25 * 1024 * 1024;

export interface RawRead {
  read: ReadMessage | null;
  /** Why mailparser could not read it (a FAILED attempt). */
  failure: Error | null;
  tooBig: boolean;
  dedupeKey: string;
  /** The raw message gzipped (default level); null when too big to keep. */
  rawGzip: Buffer | null;
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

export async function readRaw(raw: Buffer): Promise<RawRead> {
  const tooBig = raw.length > MAX_RAW_BYTES;
  let read: ReadMessage | null = null;
  let failure: Error | null = null;
  try {
    read = await readMessage(tooBig ? headerBlock(raw) : raw);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  return { read, failure, tooBig, dedupeKey: dedupeKeyOf(read?.messageId ?? null, raw), rawGzip: tooBig ? null : gzipSync(raw) };
}
