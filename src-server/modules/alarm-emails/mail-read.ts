/**
 * Reading one message's content with mailparser (mime.ts): what it read, or why it could not (a
 * FAILED attempt). Runs in the mail reader's worker thread (mail-reader.ts), or on the calling
 * thread when storing reads at once or the worker cannot. A message as stored is gzipped; one
 * being stored is gzipped where it is read, so that work leaves the fetch's thread too.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { type ReadMessage, readMessage } from './mime';

export interface ContentRead {
  read: ReadMessage | null;
  /** Why mailparser could not read it (a FAILED attempt). */
  failure: Error | null;
}

const unread = (error: unknown): ContentRead => ({ read: null, failure: error instanceof Error ? error : new Error(String(error)) });

export async function readContent(raw: Buffer): Promise<ContentRead> {
  try {
    return { read: await readMessage(raw), failure: null };
  } catch (error) {
    return unread(error);
  }
}

/** `readContent` of a message as stored (gzipped); bytes that do not unzip are a failure to read, like any other. */
export async function readStored(gzipped: Buffer): Promise<ContentRead> {
  let raw: Buffer;
  try {
    raw = gunzipSync(gzipped);
  } catch (error) {
    return unread(error);
  }
  return readContent(raw);
}

/** A message about to be stored: read (`readContent`) and gzipped as the store keeps it. */
export interface FetchedRead extends ContentRead {
  gzipped: Buffer;
}

export async function readFetched(raw: Buffer): Promise<FetchedRead> {
  return { ...(await readContent(raw)), gzipped: gzipSync(raw) };
}
