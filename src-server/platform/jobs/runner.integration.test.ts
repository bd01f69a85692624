import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type DB, openDatabase } from '../db/database';
import { testDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../errors';
import { defineJob, type JobDefinition, type JobWakes } from './job';
import { createJobRunner, type JobRunnerOptions } from './runner';

const START = new Date('2026-11-23T10:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000).toISOString();

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function clock() {
  let t = START;
  return { now: () => t, set: (seconds: number) => (t = new Date(START.getTime() + seconds * 1000)) };
}

function deferred<T = unknown>() {
  let resolve!: (value: T) => void, reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

async function memoryDb() {
  const db = openDatabase(await testDatabase());
  await migrateToLatest(db);
  cleanup.push(() => db.destroy());
  return db;
}

/** A runner whose schedule only moves when the test calls `tick()`. */
function runner(db: DB, now: () => Date, jobs: JobDefinition[], extra: Partial<JobRunnerOptions> = {}) {
  const log = vi.fn<(line: string) => void>();
  const r = createJobRunner({ db, now, jobs, tickMs: 3_600_000, log, ...extra });
  cleanup.push(() => r.stop());
  return Object.assign(r, { log });
}

function countingJob(result: (call: number) => unknown = (n) => ({ call: n }), extra: Partial<JobDefinition> = {}) {
  let calls = 0;
  const job = defineJob({ name: 'sync', intervalSeconds: 3600, run: async () => result(++calls), ...extra });
  return Object.assign(job, { calls: () => calls });
}

describe('the schedule', () => {
  test('runs a job once it is due and stores the outcome, the result and the next run', async () => {
    const db = await memoryDb();
    const c = clock();
    const job = countingJob();
    const r = runner(db, c.now, [job]);
    await r.start();
    await r.tick();
    expect(job.calls()).toBe(0);
    expect((await r.status())[0]).toMatchObject({ name: 'sync', running: false, lastStartedAt: null, lastOk: null, nextRunAt: at(5) });

    c.set(5);
    await r.tick();
    expect(job.calls()).toBe(1);
    expect(await r.status()).toEqual([
      {
        name: 'sync',
        running: false,
        lastStartedAt: at(5),
        lastFinishedAt: at(5),
        lastOk: true,
        lastError: null,
        failureCount: 0,
        nextRunAt: at(3605),
        lastResult: { call: 1 },
      },
    ]);
    c.set(3604);
    await r.tick();
    expect(job.calls()).toBe(1);
    c.set(3605);
    await r.tick();
    expect(job.calls()).toBe(2);
  });

  test('skips a disabled job, and reads the interval anew after every run', async () => {
    const db = await memoryDb();
    const c = clock();
    let enabled = false;
    let interval = 100;
    const job = countingJob(undefined, { enabled: () => enabled, intervalSeconds: () => interval });
    const r = runner(db, c.now, [job], { firstDelaySeconds: 0 });
    await r.start();
    await r.tick();
    expect(job.calls()).toBe(0);
    enabled = true;
    interval = 250;
    await r.tick();
    expect(job.calls()).toBe(1);
    expect((await r.status())[0]!.nextRunAt).toBe(at(250));
  });

  test('the timer loop starts due jobs by itself', async () => {
    const db = await memoryDb();
    const job = countingJob();
    const r = runner(db, clock().now, [job], { tickMs: 1, firstDelaySeconds: 0 });
    await r.start();
    await vi.waitFor(async () => expect((await r.status())[0]!.lastOk).toBe(true));
    expect(job.calls()).toBe(1);
  });

  test('stores undefined as no result and an oversized result as a note of its size', async () => {
    const db = await memoryDb();
    const c = clock();
    const big = countingJob(() => 'x'.repeat(70_000), { name: 'big' });
    const quiet = countingJob(() => undefined, { name: 'quiet' });
    const r = runner(db, c.now, [big, quiet]);
    await r.runNow('big');
    await r.runNow('quiet');
    const [bigStatus, quietStatus] = await r.status();
    expect(bigStatus!.lastResult).toEqual({ truncated: true, bytes: 70_002 });
    expect(quietStatus).toMatchObject({ lastOk: true, lastResult: null });
  });

  test('refuses two jobs with one name', () => {
    expect(() => createJobRunner({ db: {} as DB, now: () => START, jobs: [countingJob(), countingJob()] })).toThrow(/sync/);
  });
});

describe('failures', () => {
  test('store the message, count up and back off exponentially; a success resets them', async () => {
    const db = await memoryDb();
    const c = clock();
    let fail = true;
    const job = defineJob({
      name: 'sync',
      intervalSeconds: 3600,
      run: async () => {
        if (fail) throw new Error('kapot');
        return 'ok';
      },
    });
    const r = runner(db, c.now, [job], { firstDelaySeconds: 0 });
    await r.start();
    await r.tick();
    expect((await r.status())[0]).toMatchObject({ lastOk: false, lastError: 'kapot', failureCount: 1, nextRunAt: at(60), running: false });
    expect(r.log.mock.calls.at(-1)![0]).toMatch(/sync failed: Error: kapot\n\s+at /);

    c.set(60);
    await r.tick();
    expect((await r.status())[0]).toMatchObject({ failureCount: 2, nextRunAt: at(180) });

    fail = false;
    c.set(180);
    await r.tick();
    expect((await r.status())[0]).toMatchObject({ lastOk: true, lastError: null, failureCount: 0, nextRunAt: at(3780), lastResult: 'ok' });
  });

  test('honour the Retry-After an error carries, and a job’s own backoff', async () => {
    const db = await memoryDb();
    const c = clock();
    class HttpError extends Error {
      constructor(
        readonly status: number,
        readonly retryAfterSeconds: number,
      ) {
        super(`HTTP ${status}`);
      }
    }
    const jobs = [
      defineJob({
        name: 'app',
        intervalSeconds: 60,
        run: async () => {
          throw new AppError('TOO_MANY_REQUESTS', 'Te veel.', { retryAfterSeconds: 900 });
        },
      }),
      defineJob({
        name: 'http',
        intervalSeconds: 60,
        run: async () => {
          throw new HttpError(429, 30);
        },
      }),
      defineJob({
        name: 'own',
        intervalSeconds: 60,
        backoff: (failures) => failures * 7,
        run: async () => {
          throw new Error('nee');
        },
      }),
    ];
    const r = runner(db, c.now, jobs, { firstDelaySeconds: 0 });
    await r.start();
    await r.tick();
    expect((await r.status()).map((s) => [s.name, s.nextRunAt, s.lastError])).toEqual([
      ['app', at(900), 'Te veel.'],
      ['http', at(30), 'HTTP 429'],
      ['own', at(7), 'nee'],
    ]);
    // Expected failures log their message, not a stack.
    expect(r.log.mock.calls.map(([line]) => line)).toContain('Job http failed: HTTP 429');
  });
});

describe('runNow', () => {
  test('runs a job that is not due and answers its result; a failure is thrown and recorded', async () => {
    const db = await memoryDb();
    const c = clock();
    const r = runner(db, c.now, [
      countingJob(),
      defineJob({
        name: 'broken',
        intervalSeconds: 60,
        run: async () => {
          throw new AppError('BAD_GATEWAY', 'De HUB antwoordde niet.');
        },
      }),
    ]);
    expect(await r.runNow('sync')).toEqual({ call: 1 });
    await expect(r.runNow('broken')).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    expect((await r.status()).map((s) => [s.name, s.lastOk, s.failureCount])).toEqual([
      ['sync', true, 0],
      ['broken', false, 1],
    ]);
    await expect(r.runNow('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('while this process runs the job, joins that run instead of starting a second', async () => {
    const db = await memoryDb();
    const c = clock();
    const gate = deferred();
    let calls = 0;
    const job = defineJob({
      name: 'sync',
      intervalSeconds: 60,
      run: async () => {
        calls++;
        await gate.promise;
        return { run: calls };
      },
    });
    const r = runner(db, c.now, [job], { firstDelaySeconds: 0 });
    await r.start();
    const scheduled = r.tick();
    await vi.waitFor(async () => expect((await r.status())[0]!.running).toBe(true));
    const first = r.runNow('sync');
    const second = r.runNow('sync');
    await r.tick();
    gate.resolve(undefined);
    await scheduled;
    expect(await first).toEqual({ run: 1 });
    expect(await second).toEqual({ run: 1 });
    expect(calls).toBe(1);
  });
});

describe('two processes on one database file', () => {
  async function twoHandles() {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobs-'));
    const file = await testDatabase(path.join(dir, 'app.db'));
    const a = openDatabase(file);
    await migrateToLatest(a);
    const b = openDatabase(file);
    cleanup.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => a.destroy(),
      () => b.destroy(),
    );
    return { a, b };
  }

  test('never run one job at once; a crashed holder’s lock is taken once it expires, and its late result is not recorded', async () => {
    const { a, b } = await twoHandles();
    const c = clock();
    const gate = deferred();
    const slow = defineJob({
      name: 'sync',
      intervalSeconds: 3600,
      lockSeconds: 60,
      run: async () => {
        await gate.promise;
        return 'from a';
      },
    });
    const fast = countingJob(() => 'from b', { lockSeconds: 60 });
    const ra = runner(a, c.now, [slow], { holder: 'a', heartbeatMs: 3_600_000 });
    const rb = runner(b, c.now, [fast], { holder: 'b' });
    await ra.start();
    await rb.start();
    const runA = ra.runNow('sync');
    await vi.waitFor(async () => expect((await rb.status())[0]!.running).toBe(true));

    c.set(10);
    await rb.tick();
    expect(fast.calls()).toBe(0);
    await expect(rb.runNow('sync')).rejects.toEqual(new AppError('CONFLICT', 'Deze taak draait al.'));
    expect(fast.calls()).toBe(0);

    c.set(60);
    await rb.tick();
    expect(fast.calls()).toBe(1);
    expect((await rb.status())[0]).toMatchObject({ running: false, lastOk: true, lastResult: 'from b', lastStartedAt: at(60) });

    gate.resolve(undefined);
    expect(await runA).toBe('from a');
    expect((await ra.status())[0]).toMatchObject({ lastResult: 'from b', nextRunAt: at(3660) });
    expect(ra.log.mock.calls.at(-1)![0]).toMatch(/not recorded/);
  });

  test('a long run renews its lock, so the other process keeps off it', async () => {
    const { a, b } = await twoHandles();
    const c = clock();
    const gate = deferred();
    const slow = defineJob({ name: 'sync', intervalSeconds: 3600, lockSeconds: 60, run: async () => gate.promise });
    const other = countingJob(undefined, { lockSeconds: 60 });
    const ra = runner(a, c.now, [slow], { holder: 'a', heartbeatMs: 5 });
    const rb = runner(b, c.now, [other], { holder: 'b' });
    await rb.start();
    const runA = ra.runNow('sync');
    const lock = () => b.selectFrom('jobRun').select(['lockedBy', 'lockedUntil']).executeTakeFirst();
    await vi.waitFor(async () => expect(await lock()).toEqual({ lockedBy: 'a', lockedUntil: START.getTime() / 1000 + 60 }));
    c.set(50);
    await vi.waitFor(async () => expect(await lock()).toEqual({ lockedBy: 'a', lockedUntil: START.getTime() / 1000 + 110 }));
    c.set(100);
    await rb.tick();
    await expect(rb.runNow('sync')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(other.calls()).toBe(0);
    gate.resolve(undefined);
    await runA;
  });

  test('a run whose lock another process took over is asked to stop through its signal', async () => {
    const db = await memoryDb();
    const c = clock();
    let signal: AbortSignal | undefined;
    const job = defineJob({
      name: 'sync',
      intervalSeconds: 60,
      run: (s) => {
        signal = s;
        return new Promise((_, reject) => s.addEventListener('abort', () => reject(s.reason)));
      },
    });
    const r = runner(db, c.now, [job], { heartbeatMs: 5 });
    const run = r.runNow('sync');
    await vi.waitFor(() => expect(signal).toBeDefined());
    await db.updateTable('jobRun').set({ lockedBy: 'elsewhere' }).execute();
    await expect(run).rejects.toThrow('Een ander proces heeft deze taak overgenomen.');
    expect(await db.selectFrom('jobRun').select(['lockedBy', 'lastOk']).executeTakeFirst()).toEqual({ lockedBy: 'elsewhere', lastOk: null });
  });
});

describe('job wakes across instances', () => {
  /** Like LISTEN/NOTIFY: every runner on the bus, the sender included, hears each wake, a moment later. */
  function wakeBus() {
    const listeners: ((name: string) => void)[] = [];
    const sent: string[] = [];
    return {
      sent,
      wakes: (): JobWakes => ({
        send: (name) => {
          sent.push(name);
          setImmediate(() => listeners.forEach((l) => l(name)));
        },
        onReceive: (l) => void listeners.push(l),
      }),
    };
  }

  test('runNow that finds another instance holding the lock wakes that instance’s run, and it runs once more after it (the wake may have come as it ended)', async () => {
    const db = await memoryDb();
    const c = clock();
    const bus = wakeBus();
    const gate = deferred();
    let runsA = 0;
    let wokenA = 0;
    const onA = defineJob({
      name: 'parse',
      intervalSeconds: 2,
      run: async () => {
        if (++runsA === 1) await gate.promise;
        return runsA;
      },
      wake: () => void wokenA++,
    });
    const onB = countingJob(undefined, { name: 'parse', intervalSeconds: 2, wake: () => undefined });
    const ra = runner(db, c.now, [onA], { holder: 'a', wakes: bus.wakes() });
    const rb = runner(db, c.now, [onB], { holder: 'b', wakes: bus.wakes() });
    const held = ra.runNow('parse');
    await vi.waitFor(() => expect(ra.held()).toEqual(['parse']));

    await expect(rb.runNow('parse')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(bus.sent).toEqual(['parse']);
    await vi.waitFor(() => expect(wokenA).toBe(1));
    // B heard its own wake too and tried the lock: A still holds it, so B ran nothing and sent nothing on.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onB.calls()).toBe(0);
    expect(bus.sent).toEqual(['parse']);

    gate.resolve(undefined);
    expect(await held).toBe(1);
    await vi.waitFor(() => expect(runsA).toBe(2));
    await vi.waitFor(() => expect(ra.held()).toEqual([]));
    expect(onB.calls()).toBe(0);
  });

  test('a job without wake sends none: its runNow only answers that it runs elsewhere', async () => {
    const db = await memoryDb();
    const c = clock();
    const bus = wakeBus();
    const gate = deferred();
    const ra = runner(db, c.now, [defineJob({ name: 'sync', intervalSeconds: 60, run: () => gate.promise })], { holder: 'a', wakes: bus.wakes() });
    const rb = runner(db, c.now, [countingJob()], { holder: 'b', wakes: bus.wakes() });
    const held = ra.runNow('sync');
    await vi.waitFor(() => expect(ra.held()).toEqual(['sync']));
    await expect(rb.runNow('sync')).rejects.toEqual(new AppError('CONFLICT', 'Deze taak draait al.'));
    expect(bus.sent).toEqual([]);
    gate.resolve(undefined);
    await held;
  });

  test('a wake heard by an instance while no run holds the lock starts a run there', async () => {
    const db = await memoryDb();
    const c = clock();
    const bus = wakeBus();
    const job = countingJob(undefined, { name: 'parse', wake: () => undefined });
    runner(db, c.now, [job], { holder: 'a', wakes: bus.wakes() });
    bus.wakes().send('parse');
    await vi.waitFor(() => expect(job.calls()).toBe(1));
  });
});

describe('stop and status', () => {
  test('stop aborts the running run’s signal and waits until it has finished and been recorded', async () => {
    const db = await memoryDb();
    const c = clock();
    const gate = deferred();
    let signal: AbortSignal | undefined;
    const job = defineJob({
      name: 'sync',
      intervalSeconds: 60,
      run: async (s) => {
        signal = s;
        await gate.promise;
        return 'done';
      },
    });
    const r = runner(db, c.now, [job]);
    const run = r.runNow('sync');
    await vi.waitFor(() => expect(signal).toBeDefined());
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect(signal!.aborted).toBe(true);
    gate.resolve(undefined);
    await stopping;
    expect(await run).toBe('done');
    expect((await r.status())[0]).toMatchObject({ running: false, lastOk: true, lastResult: 'done' });
  });

  test('a run that gives up because of stop is not counted as a failure and stays due', async () => {
    const db = await memoryDb();
    const c = clock();
    const job = defineJob({ name: 'sync', intervalSeconds: 60, run: (s) => new Promise((_, reject) => s.addEventListener('abort', () => reject(s.reason))) });
    const r = runner(db, c.now, [job], { firstDelaySeconds: 0 });
    await r.start();
    const scheduled = r.tick();
    await vi.waitFor(async () => expect((await r.status())[0]!.running).toBe(true));
    await r.stop();
    await scheduled;
    expect((await r.status())[0]).toMatchObject({ running: false, lastOk: null, failureCount: 0, nextRunAt: at(0), lastStartedAt: at(0) });
  });

  test('status reads the table: a new runner sees the previous one’s last run', async () => {
    const db = await memoryDb();
    const c = clock();
    const first = runner(db, c.now, [countingJob()]);
    await first.runNow('sync');
    await first.stop();
    const job = countingJob();
    const second = runner(db, c.now, [job]);
    expect(await second.status()).toEqual(await first.status());
    expect((await second.status())[0]).toMatchObject({ lastOk: true, lastResult: { call: 1 } });
    expect(job.calls()).toBe(0);
  });
});

describe('after a crash', () => {
  test('a lock of a process on this host that is gone is released at start; another host’s is kept', async () => {
    const { hostname } = await import('node:os');
    const db = await memoryDb();
    const c = clock();
    const lockUntil = Math.floor(c.now().getTime() / 1000) + 900;
    const dead = `${hostname()}:2147483646:abcd`;
    await db.insertInto('jobRun').values({ name: 'sync', lockedBy: dead, lockedUntil: lockUntil, failureCount: 0, nextRunAt: 0 }).execute();
    await db.insertInto('jobRun').values({ name: 'other', lockedBy: 'elsewhere:1:beef', lockedUntil: lockUntil, failureCount: 0, nextRunAt: 0 }).execute();
    const sync = countingJob();
    const other = countingJob(undefined, { name: 'other' });
    const r = runner(db, c.now, [sync, other]);
    await r.start();
    await r.tick();
    expect(sync.calls()).toBe(1);
    expect(other.calls()).toBe(0);
    expect(r.log).toHaveBeenCalledWith(expect.stringContaining('a process that is gone'));
  });

  test('the only instance there can be (SQLite) releases every other holder’s lock at start, another host’s too', async () => {
    const db = await memoryDb();
    const c = clock();
    const lockUntil = Math.floor(c.now().getTime() / 1000) + 900;
    await db.insertInto('jobRun').values({ name: 'sync', lockedBy: 'old-container:1:beef', lockedUntil: lockUntil, failureCount: 0, nextRunAt: 0 }).execute();
    const sync = countingJob();
    const r = runner(db, c.now, [sync], { exclusive: true });
    await r.start();
    await r.tick();
    expect(sync.calls()).toBe(1);
  });

  test('held() names the jobs this instance runs under its lock, and only while they run', async () => {
    const db = await memoryDb();
    const c = clock();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = defineJob({ name: 'sync', intervalSeconds: 3600, run: () => gate });
    const r = runner(db, c.now, [job]);
    const run = r.runNow('sync');
    await vi.waitFor(() => expect(r.held()).toEqual(['sync']));
    release();
    await run;
    expect(r.held()).toEqual([]);
  });
});

describe('closing', () => {
  test('once stop is called no run starts: runNow during and after stop is refused, and stop ends after every run', async () => {
    const db = await memoryDb();
    const c = clock();
    const gate = deferred();
    const slow = defineJob({ name: 'sync', intervalSeconds: 60, run: () => gate.promise });
    const other = countingJob(undefined, { name: 'notify' });
    const r = runner(db, c.now, [slow, other]);
    const run = r.runNow('sync');
    await vi.waitFor(() => expect(r.held()).toEqual(['sync']));
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    // A wake (new mail, an alarm change) while the services close: no run may start now.
    await expect(r.runNow('notify')).rejects.toThrow('De server stopt; probeer het zo opnieuw.');
    gate.resolve(undefined);
    await stopping;
    await run;
    expect(stopped).toBe(true);
    expect(r.held()).toEqual([]);
    await expect(r.runNow('notify')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(other.calls()).toBe(0);
    expect((await r.status()).find((s) => s.name === 'notify')?.lastStartedAt ?? null).toBeNull();
  });
});
