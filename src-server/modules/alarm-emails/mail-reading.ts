/**
 * The mail reader: e-mails a source stored raw (`contentPending`: storing did not wait for the
 * worker, alarm-emails.store.ts) are read here with mailparser, in the reader's worker thread
 * (mail-reader.ts), a batch at a time, and their content written in one transaction per batch; then
 * the parse queue is woken.
 *
 * Nothing here is state the database does not hold: an e-mail is `contentPending` until the
 * transaction that writes its content (guarded on the flag, so a second reader, a second instance
 * or a retry after a crash writes nothing twice). Storing wakes the reader; the `mail-read` job
 * (alarm-emails.jobs.ts) reads whatever a crash or another instance left behind.
 */
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { EventBus } from '../../platform/events/event-bus';
import { insertAttempts, rawEmails, writeRawEmailContent } from './alarm-emails.queries';
import { contentColumns, unreadAttempt } from './alarm-emails.store';
import type { ContentRead } from './mail-read';
import { READERS, readGzipped } from './mail-reader';

/** E-mails sent to the worker at once: one round trip, one transaction. */
const BATCH = 100;

export interface MailReadingDeps {
  db: DB;
  clock: Clock;
  /** Told `mail-read` after content was written: what was read is now PENDING for the parse queue. */
  events: EventBus;
  /** This process's fetches under way: each batch waits for them (createFetchGate). */
  fetches?: FetchGate;
  /** How long one message may take to read (default 30 s, mail-reader.ts). */
  readTimeLimitMs?: number;
}

/** How long a batch of reading waits at most for the fetches under way. */
const YIELD_MS = 1000;

/**
 * The fetches under way in this process. Reading yields to them: a batch waits until none runs (at
 * most a second), so mail is stored with its cursor and flagged at the server first, and read
 * right after. On a small machine the two would otherwise share the cores with the mail server
 * and each take longer; a steady stream of fetches still lets a batch through every second.
 */
export function createFetchGate() {
  let active = 0;
  let waiting: (() => void)[] = [];
  return {
    async during<T>(fetch: () => Promise<T>): Promise<T> {
      active++;
      try {
        return await fetch();
      } finally {
        if (--active === 0) {
          for (const resume of waiting) resume();
          waiting = [];
        }
      }
    },
    /** Resolves when no fetch runs, or after `maxMs`. */
    quiet(maxMs: number): Promise<void> {
      if (!active) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
export type FetchGate = ReturnType<typeof createFetchGate>;

/** Writes what was read into e-mails still stored raw, with an attempt for each unreadable one; answers how many were written. */
async function writeContents(db: DB, at: number, rows: { id: number; rawSize: number }[], reads: ContentRead[]) {
  return db.transaction().execute(async (trx) => {
    const attempts = [];
    let written = 0;
    for (const [i, row] of rows.entries()) {
      const read = reads[i]!;
      if (!(await writeRawEmailContent(trx, row.id, contentColumns(read, at, row.rawSize)))) continue;
      written++;
      const attempt = unreadAttempt(row.id, at, read, row.rawSize);
      if (attempt) attempts.push(attempt);
    }
    if (attempts.length) await insertAttempts(trx, attempts);
    return written;
  });
}

/**
 * Reads e-mails stored raw (of one source, when given) until none is left; answers how many this
 * call wrote. "Nu ophalen" reads what it fetched this way before it answers, so the inbox shows it.
 * While one batch is written, the worker reads the next. What a run passes by (on PostgreSQL a
 * lower id may commit later) the next wake or the job's schedule reads.
 */
export async function readRawMail({ db, clock, events, fetches, readTimeLimitMs }: MailReadingDeps, options: { sourceId?: number; signal?: AbortSignal } = {}) {
  let after = 0;
  const readNext = async () => {
    await fetches?.quiet(YIELD_MS);
    if (options.signal?.aborted) return null;
    const rows = await rawEmails(db, BATCH, after, options.sourceId);
    if (!rows.length) return null;
    after = rows.at(-1)!.id;
    // A raw e-mail always has its bytes: only mail over the size cap has none, and that is read when stored.
    const reads = readGzipped(
      rows.map((r) => r.rawGzip!),
      { timeLimitMs: readTimeLimitMs },
    );
    // Awaited below; until then a failure must not count as unhandled.
    reads.catch(() => undefined);
    return { rows, reads };
  };
  let written = 0;
  // Batches in the workers, oldest first: one per worker and one more, so that while this thread
  // writes a batch no worker waits for the next one (a write can take longer than a read).
  const inFlight: ReturnType<typeof readNext>[] = [];
  const fill = () => {
    while (inFlight.length < READERS + 1) {
      const next = inFlight.length ? inFlight.at(-1)!.then((before) => (before ? readNext() : null)) : readNext();
      next.catch(() => undefined);
      inFlight.push(next);
    }
  };
  fill();
  for (let batch = await inFlight.shift()!; batch; batch = await inFlight.shift()!) {
    fill();
    const fresh = await writeContents(db, epochSeconds(clock), batch.rows, await batch.reads);
    written += fresh;
    if (fresh) void events.emit({ kind: 'mail-read' });
  }
  return written;
}
