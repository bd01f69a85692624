/**
 * Runs the jobs the modules declare inside the one process, never blocking
 * requests. State lives in `jobRun`: a due job runs once its lock is taken, so no two runs of a
 * job overlap, not even across processes on one database; a long run renews its lock, a crashed
 * one's lock expires. Outcome, next run and backoff are stored for status pages and restarts.
 */
import type { DB } from '../db/database';
import { AppError } from '../errors';
import { defaultBackoff, type JobDefinition, type JobWakes } from './job';
import { acquireJobLock, ensureJobRuns, extendJobLock, finishJobRun, jobFailureCount, jobRunsNamed, releaseJobLock } from './job-runs.queries';
import { newInstanceId, ownerIsGone } from './instance';
import { LEASE_RENEW_MS, LEASE_SECONDS } from './lease-timing';
import type { JobStatus } from '@/domain/job';
import { toJobStatus } from './job-status';
import { describeFailure, resultJson } from './run-outcome';

export interface JobRunnerOptions {
  db: DB;
  /** Every stored time comes from here; only the schedule's tick and the lock renewal use real timers. */
  now: () => Date;
  jobs: JobDefinition[];
  /** Names this process in locks; unique per process (instance.ts). */
  holder?: string;
  /** This is the only instance there can be (SQLite): at start, every other holder's lock is released. */
  exclusive?: boolean;
  /** Several instances: a `runNow` that finds another instance holding the lock of a job with `wake` wakes that instance's run. */
  wakes?: JobWakes;
  /** How often the schedule is looked at (default 1000 ms). */
  tickMs?: number;
  /** Seconds from `start()` to the first run of a job without a row yet (default 5). */
  firstDelaySeconds?: number;
  /** How often a running job renews its lock (default a third of its lockSeconds, at most 10 s). */
  heartbeatMs?: number;
  log?: (line: string) => void;
}

type Outcome = { acquired: false } | { acquired: true; ok: true; value: unknown } | { acquired: true; ok: false; error: unknown };

const STOPPING_MESSAGE = 'De server stopt; probeer het zo opnieuw.';

/** A dead instance's job is taken over within this and a tick (Within 60 s). */
const DEFAULT_LOCK_SECONDS = LEASE_SECONDS;

export function createJobRunner(options: JobRunnerOptions) {
  const { db, now, tickMs = 1000, firstDelaySeconds = 5, heartbeatMs, log = console.error } = options;
  const holder = options.holder ?? newInstanceId();
  const jobs = new Map<string, JobDefinition>();
  for (const job of options.jobs) {
    if (jobs.has(job.name)) throw new Error(`Two jobs are named ${job.name}.`);
    jobs.set(job.name, job);
  }
  const names = [...jobs.keys()];
  const seconds = () => Math.floor(now().getTime() / 1000);
  const running = new Map<string, { outcome: Promise<Outcome>; controller: AbortController }>();
  /** Jobs whose lock this process holds now (for /healthz). */
  const holding = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let started = false;
  let stopping = false;
  let scanning = false;
  /** Jobs woken from another instance while their run here was in progress: run once more after it, in case it was already ending. */
  const wokenDuringRun = new Set<string>();

  function launch(job: JobDefinition, onlyWhenDue: boolean, input?: unknown): Promise<Outcome> {
    const controller = new AbortController();
    const outcome = execute(job, onlyWhenDue, controller, input).finally(() => {
      running.delete(job.name);
      if (wokenDuringRun.delete(job.name)) wokenElsewhere(job.name);
    });
    running.set(job.name, { outcome, controller });
    return outcome;
  }

  /**
   * Another instance (or this one) found the job's lock held and sent a wake: the run holding it
   * here takes the new work at once; an instance not running it tries to (the holder's run may just
   * have ended), and one that does not get the lock does nothing: it is not sent on again.
   */
  function wokenElsewhere(name: string) {
    const job = jobs.get(name);
    if (!job?.wake || stopping) return;
    if (running.has(name)) {
      wokenDuringRun.add(name);
      job.wake();
      return;
    }
    launch(job, false).catch((error) => log(`Job ${name}: a run on a wake failed to start: ${String(error)}`));
  }
  options.wakes?.onReceive(wokenElsewhere);

  async function execute(job: JobDefinition, onlyWhenDue: boolean, controller: AbortController, input: unknown): Promise<Outcome> {
    const lockSeconds = job.lockSeconds ?? DEFAULT_LOCK_SECONDS;
    if (!onlyWhenDue) await ensureJobRuns(db, [job.name], seconds() + firstDelaySeconds);
    if (!(await acquireJobLock(db, job.name, holder, seconds(), lockSeconds, onlyWhenDue))) return { acquired: false };
    holding.add(job.name);
    let finished = false;
    const renew = () =>
      extendJobLock(db, job.name, holder, seconds() + lockSeconds).then(
        (held) => {
          if (held || finished || controller.signal.aborted) return;
          log(`Job ${job.name}: another process took over its lock; this run is asked to stop.`);
          controller.abort(new Error('Een ander proces heeft deze taak overgenomen.'));
        },
        (error) => log(`Job ${job.name}: renewing its lock failed: ${String(error)}`),
      );
    const heartbeat = setInterval(renew, heartbeatMs ?? Math.min(LEASE_RENEW_MS, (lockSeconds * 1000) / 3));
    heartbeat.unref();
    const outcome: Outcome = await Promise.resolve()
      .then(() => job.run(controller.signal, input))
      .then(
        (value) => ({ acquired: true, ok: true, value }),
        (error: unknown) => ({ acquired: true, ok: false, error }),
      );
    finished = true;
    clearInterval(heartbeat);
    await record(job, outcome, controller.signal).catch((error) => log(`Job ${job.name}: recording its run failed: ${String(error)}`));
    holding.delete(job.name);
    return outcome;
  }

  async function record(job: JobDefinition, outcome: Outcome & { acquired: true }, signal: AbortSignal): Promise<void> {
    const at = seconds();
    let recorded: boolean;
    if (outcome.ok) {
      const interval = typeof job.intervalSeconds === 'function' ? job.intervalSeconds() : job.intervalSeconds;
      recorded = await finishJobRun(db, job.name, holder, { ok: true, finishedAt: at, nextRunAt: at + Math.ceil(interval), result: resultJson(outcome.value) });
    } else if (stopping && signal.aborted) {
      // Interrupted by shutting down: not the job's failure; it stays due for the next start.
      return releaseJobLock(db, job.name, holder);
    } else {
      const { message, logged } = describeFailure(outcome.error);
      log(`Job ${job.name} failed: ${logged}`);
      const failures = (await jobFailureCount(db, job.name)) + 1;
      const wait = Math.ceil((job.backoff ?? defaultBackoff)(failures, outcome.error));
      recorded = await finishJobRun(db, job.name, holder, { ok: false, finishedAt: at, nextRunAt: at + wait, error: message, failureCount: failures });
    }
    if (!recorded) log(`Job ${job.name}: its lock had passed to another process; this run's outcome is not recorded.`);
  }

  /** Locks of a process that is gone (ownerIsGone; on SQLite any other) are released at start instead of blocking their jobs until they expire. */
  async function releaseDeadLocks() {
    for (const row of await jobRunsNamed(db, names)) {
      if (!row.lockedBy || row.lockedBy === holder || !(options.exclusive || ownerIsGone(row.lockedBy, holder))) continue;
      log(`Job ${row.name}: releasing the lock of ${row.lockedBy}, a process that is gone.`);
      await releaseJobLock(db, row.name, row.lockedBy);
    }
  }

  /** One look at the schedule: starts every enabled due job whose lock is free; resolves when they have finished. */
  async function tick(): Promise<void> {
    if (scanning || stopping) return;
    scanning = true;
    const launched: Promise<Outcome>[] = [];
    try {
      const at = seconds();
      for (const row of await jobRunsNamed(db, names)) {
        const job = jobs.get(row.name)!;
        if (stopping || running.has(job.name) || !(job.enabled?.() ?? true)) continue;
        const due = row.nextRunAt === null || row.nextRunAt <= at;
        if (due && (row.lockedUntil === null || row.lockedUntil <= at)) launched.push(launch(job, true));
      }
    } finally {
      scanning = false;
    }
    await Promise.all(launched.map((p) => p.catch((error) => log(`Job run failed to start: ${String(error)}`))));
  }

  return {
    tick,
    holder,
    /** Names of the jobs this process is running under its lock now, sorted. */
    held: () => [...holding].sort(),
    /** Gives every job its row (the first run `firstDelaySeconds` from now) and starts the schedule. */
    async start(): Promise<void> {
      if (started || stopping) return;
      started = true;
      await ensureJobRuns(db, names, seconds() + firstDelaySeconds);
      await releaseDeadLocks();
      timer = setInterval(() => void tick().catch((error) => log(`Job schedule: ${String(error)}`)), tickMs);
      timer.unref();
    },
    /**
     * Stops the schedule, asks running runs to stop (their signal aborts) and waits for them. From
     * its call on, `runNow` refuses to start a run, so none starts after the services began closing
     * (a run then would meet a destroyed database).
     */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      const runs = [...running.values()];
      for (const { controller } of runs) controller.abort(new Error('De server stopt.'));
      await Promise.allSettled(runs.map((r) => r.outcome));
    },
    /**
     * Runs a job now, due or not, with `input` (e.g. "ignore backoff"), and answers what it returned
     * (or throws its error); joins this process's run in progress instead of starting a second.
     */
    async runNow(name: string, input?: unknown): Promise<unknown> {
      const job = jobs.get(name);
      if (!job) throw new AppError('NOT_FOUND', 'Deze taak bestaat niet.');
      for (;;) {
        const current = running.get(name);
        if (!current && stopping) throw new AppError('CONFLICT', STOPPING_MESSAGE);
        const outcome = await (current?.outcome ?? launch(job, false, input));
        if (outcome.acquired) {
          if (outcome.ok) return outcome.value;
          throw outcome.error;
        }
        if (!current) {
          // Another instance holds the lock: its run is told there is new work.
          if (job.wake) options.wakes?.send(name);
          throw new AppError('CONFLICT', 'Deze taak draait al.');
        }
      }
    },
    /** Every job's stored state, in the order the jobs were given; a job without a row yet (before `start`) is left out. */
    async status(): Promise<JobStatus[]> {
      const rows = await jobRunsNamed(db, names);
      const at = seconds();
      return rows.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name)).map((row) => toJobStatus(row, at));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
