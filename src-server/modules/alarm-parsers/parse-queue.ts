/**
 * The parse queue's scheduler: PENDING e-mails go to the sandbox one
 * chain per e-mail, dashboards in turn, and each e-mail is recorded as soon as its chain (and the
 * chains started before it in its dashboard) ended, not when a whole batch did. A dashboard holds
 * at most all workers but one, so another dashboard's new mail always finds a worker, however long
 * a hostile dashboard's runaway chains take. Chains that end while a transaction is being written
 * are recorded together in the next one (group commit): one e-mail alone is recorded at once, a
 * backlog in few transactions.
 *
 * Nothing here is state the database does not hold: an e-mail is PENDING until the transaction that
 * records it (guarded on PENDING, parse-pipeline.ts), so a crash leaves the rest PENDING for the next
 * run and nothing is recorded twice.
 */
import { type EmailForParsing, emailsForParsing, pendingEmails } from '../alarm-emails/alarm-emails.queries';
import type { JobWaker } from '../../platform/jobs/waker';
import { type PipelineDeps, type Prepared, batchMemo, prepareEmails, recordParses } from './parse-pipeline';

/** E-mails read from the queue at once, and of one dashboard among them (the queue's round robin). */
const WINDOW = 100;
const WINDOW_PER_DASHBOARD = 100;
/** How long an ended chain waits for others to share its transaction while a backlog is parsed. */
const GROUP_COMMIT_MS = 15;
/**
 * E-mails of one dashboard and source handed to a worker at once while a backlog waits: one round
 * trip for them all, and the worker runs the next chain while the main thread records the last.
 * A dashboard starts at one e-mail a batch and doubles while its chains are quick; one slow batch
 * (a parser near or over its time limit) brings it back to one, so slow chains are recorded one by
 * one as before and a runaway parser is switched off as early as before.
 */
const CHAIN_BATCH = 8;
const QUICK_CHAIN_MS = 5;

type Started = { id: number; dashboardId: number; result?: { prepared: Prepared | null } };

/** Drains the parse queue until no e-mail is PENDING (or `signal` aborts); answers the outcomes. */
export async function drainParseQueue(deps: PipelineDeps, waker: JobWaker, signal: AbortSignal) {
  const totals = { matched: 0, rejected: 0 };
  const slots = Math.max(1, deps.sandbox.workers);
  // With one worker there is nothing to leave to others.
  const perDashboard = Math.max(1, slots - 1);
  /** Per dashboard, its started e-mails not yet recorded, in the order they started. */
  const started = new Map<number, Started[]>();
  const chains = new Map<number, number>();
  /** Per dashboard, how many of its e-mails the next batch takes. */
  const batchSize = new Map<number, number>();
  let running = 0;
  let queue: EmailForParsing[] = [];
  let memo = batchMemo();
  let recording: Promise<void> | null = null;
  let failure = null as { error: unknown } | null;
  const ended: Promise<unknown>[] = [];

  const ready = () => [...started.values()].some((list) => list[0]?.result);

  let flush: ReturnType<typeof setTimeout> | undefined;
  function flushSoon() {
    flush ??= setTimeout(() => {
      flush = undefined;
      record();
    }, GROUP_COMMIT_MS);
  }

  /** Takes every dashboard's ended chains, in its start order, and records them in one transaction. */
  function record() {
    clearTimeout(flush);
    flush = undefined;
    if (recording) return;
    recording = (async () => {
      for (;;) {
        const ready: Started[] = [];
        for (const list of started.values()) {
          let n = 0;
          while (n < list.length && list[n]!.result) n++;
          ready.push(...list.splice(0, n));
        }
        if (!ready.length) return;
        const recorded = await recordParses(
          deps,
          ready.map((s) => s.result!.prepared),
        );
        totals.matched += recorded.MATCHED;
        totals.rejected += recorded.REJECTED;
        // A parser may just have been switched off: the next chains read the parsers again.
        if (recorded.timedOut) memo = batchMemo();
      }
    })()
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => {
        recording = null;
        // A chain that ended while the last transaction was being committed.
        if (!failure && ready()) record();
      });
  }

  /**
   * The queue's next e-mails with what their chains need, read ahead in one query: starting a chain
   * then waits for no database, so the next chain runs while a transaction records the last.
   */
  async function readQueue() {
    // E-mails started but not yet recorded are still PENDING: they take no place in a dashboard's turn.
    const startedIds = [...started.values()].flatMap((list) => list.map((s) => s.id));
    const ids = (await pendingEmails(deps.db, WINDOW, WINDOW_PER_DASHBOARD, startedIds)).map((e) => e.id);
    const rows = new Map((await emailsForParsing(deps.db, ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  /** Takes the queued e-mail at `i` and the next ones of its dashboard while they share its source (their order kept). */
  function takeBatch(i: number) {
    const { dashboardId, sourceId } = queue[i]!;
    const taken = queue.splice(i, 1);
    const size = batchSize.get(dashboardId) ?? 1;
    for (let j = i; j < queue.length && taken.length < size;) {
      const next = queue[j]!;
      if (next.dashboardId !== dashboardId) j++;
      else if (next.sourceId !== sourceId) break;
      else taken.push(...queue.splice(j, 1));
    }
    return taken;
  }

  /** Starts the chains of a batch of one dashboard's e-mails in one worker; counts as one chain of the dashboard's. */
  function start(emails: EmailForParsing[]) {
    const { dashboardId } = emails[0]!;
    const startedAt = performance.now();
    const batch = prepareEmails(deps, emails, memo);
    const entries: Started[] = emails.map((email) => ({ id: email.id, dashboardId }));
    started.set(dashboardId, [...(started.get(dashboardId) ?? []), ...entries]);
    chains.set(dashboardId, (chains.get(dashboardId) ?? 0) + 1);
    running++;
    const settled: Promise<void> = batch
      .then(
        (prepared) => {
          const quick = (performance.now() - startedAt) / emails.length < QUICK_CHAIN_MS;
          batchSize.set(dashboardId, quick ? Math.min(CHAIN_BATCH, emails.length * 2) : 1);
          for (const [i, entry] of entries.entries()) entry.result = { prepared: prepared[i] ?? null };
          // Alone (nothing else queued) it is recorded at once; in a backlog a few ms later, with the chains ending meanwhile.
          if (queue.length === 0) record();
          else flushSoon();
        },
        (error: unknown) => void (failure ??= { error }),
      )
      .finally(() => {
        running--;
        chains.set(dashboardId, chains.get(dashboardId)! - 1);
        // The array of ended chains, not a promise: nothing to await here.
        void ended.splice(ended.indexOf(settled), 1);
      });
    ended.push(settled);
  }

  let refill = true;
  while (!signal.aborted && !failure) {
    if (waker.take()) refill = true;
    if (refill || queue.length === 0) {
      queue = await readQueue();
      // Settings changed meanwhile (a parser edited or switched off) count from the next chain on.
      if (refill) memo = batchMemo();
      refill = false;
    }
    // Dashboards in the queue's turn; one over its share waits, so the last worker stays free for others.
    for (let i = 0; i < queue.length && running < slots;) {
      if ((chains.get(queue[i]!.dashboardId) ?? 0) < perDashboard) start(takeBatch(i));
      else i++;
    }
    if (flush && queue.length === 0) record();
    const busy = [...ended, ...(recording ? [recording] : [])];
    if (!busy.length && !queue.length) {
      // Read once more: what is left PENDING now came after the last read.
      queue = await readQueue();
      if (!queue.length && !waker.take()) break;
      continue;
    }
    await waker.wait(busy, signal);
  }
  await Promise.allSettled(ended);
  if (!failure) record();
  while (recording) await recording;
  if (failure) throw failure.error;
  return totals;
}
