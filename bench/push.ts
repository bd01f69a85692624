/**
 * Phones: a HIGH alarm escalates to people on Web Push, ntfy and Telegram (and their account's
 * e-mail), all at local simulators (the push service decrypts each message and checks its VAPID
 * signature; ntfy and the Bot API check what their documentation asks), with the product's
 * services and job runner on a SQLite file, as in the server.
 *
 * - Fan-out: 100 installers with one of each; 10 alarms one after another; every message timed
 *   from just before its alarm is stored to its arrival, per channel. The notify job's stages come
 *   from its trace channel: rows queued, claimed, about to send. The baseline sends the same 100
 *   pushes per alarm with `web-push`'s own `sendNotification`, as many in flight as the product's
 *   push lane allows: what the library and the loopback cost without the product.
 * - Burst: 1,000 alarms in a minute on one dashboard (two installers and the admin, every method),
 *   while a quiet dashboard's installer gets an alarm every 2 s: when the last of the burst's
 *   notifications is delivered, and the quiet alarms' latency during it against the same when idle.
 */
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import webPush from 'web-push';
import { hashPassword } from '../src-server/modules/users/passwords';
import { insertUser } from '../src-server/modules/users/users.queries';
import { LANE_CAPS } from '../src-server/modules/notifications/delivery-lanes';
import { NOTIFY_TRACE_CHANNEL, type NotifyTraceStage } from '../src-server/modules/notifications/delivery-trace';
import { benchAdminCaller, startBenchServices } from './bench-services';
import { receivers } from './receivers';
import { PUSH_LEFT_CHANNEL, warmPushSenders } from '../src-server/modules/contact-methods/push-sender';
import { escalatingDashboard } from '../src-server/testing/escalating-dashboard';
import { percentile } from './stats';

const SUBSCRIBERS = 100;
const ALARMS = 10;
const BURST = 1000;
const BURST_MS = 60_000;
const QUIET_EVERY_MS = 2000;
const DEADLINE_MS = 120_000;
const BASELINE_IDS = 1_000_000;
/** The Bot API's limit for one bot messaging many chats; the simulator refuses more with 429. */
const TELEGRAM_PER_SECOND = 30;

type Channel = 'push' | 'ntfy' | 'telegram';
const CHANNELS: Channel[] = ['push', 'ntfy', 'telegram'];

const figures = (list: number[]) => ({ n: list.length, p50: percentile(list, 0.5), p95: percentile(list, 0.95), max: Math.max(...list) });
type Figures = ReturnType<typeof figures>;

async function world(name: string) {
  const r = await receivers();
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:alarm@energiebeheer.test' };
  const at = await r.setup(vapid.publicKey);
  const bench = await startBenchServices(name, {
    notify: {
      smtpUrl: at.smtpUrl,
      smtpFrom: 'alarm@energiebeheer.test',
      publicUrl: 'https://energiebeheer.example',
      allowPrivateTargets: true,
      webPush: { vapid, ca: at.ca },
    },
    telegram: { botToken: at.botToken, apiUrl: at.apiUrl, waitSeconds: 1 },
  });
  const { services } = bench;
  // As the server does when it starts its jobs.
  await warmPushSenders();
  const admin = await benchAdminCaller(services);
  const passwordHash = await hashPassword('installateur-wachtwoord');
  let chat = 7_000_000;

  /** An organization with `people` installers reached on every method, a dashboard and its escalation rule. */
  async function team(label: string, people: number) {
    const organizationId = (await admin.organization.create({ name: label })).id;
    const subscriptions = await r.subscribe(people);
    const chats = subscriptions.map(() => chat++);
    await r.chats(chats);
    for (let i = 0; i < people; i++) {
      const userId = await insertUser(services.db, {
        type: 'installer',
        email: `${label.toLowerCase()}${i}@example.nl`,
        fullName: `${label} ${i}`,
        passwordHash,
        organizationId,
        createdAt: 0,
      });
      await services.db
        .insertInto('contactMethod')
        .values([
          { userId, type: 'WEB_PUSH', target: services.secrets.seal(subscriptions[i]), createdAt: 0 },
          { userId, type: 'NTFY', target: JSON.stringify({ url: `${at.ntfyUrl}${label}-${i}`, token: null }), createdAt: 0 },
          { userId, type: 'TELEGRAM', target: JSON.stringify({ chatId: String(chats[i]), name: null }), createdAt: 0 },
        ])
        .execute();
    }
    const dashboard = await admin.alarmDashboard.create({ name: label, organizationId });
    await escalatingDashboard(admin, dashboard.id, { name: 'Iedereen', steps: [{ afterMinutes: 0, targets: [{ type: 'ASSIGNABLE' }] }] });
    return { dashboardId: dashboard.id, subscriptions };
  }

  const raisedAt = new Map<number, number>();
  const raise = async (dashboardId: number, line: string) => {
    const start = Date.now();
    const { id } = await admin.alarm.create({ dashboardId, line, priority: 'HIGH' });
    raisedAt.set(id, start);
    return id;
  };
  /** Stored → arrival per channel for these alarms. */
  const latencies = async (alarmIds: Set<number>) => {
    const all = await r.arrivals();
    return Object.fromEntries(CHANNELS.map((c) => [c, all[c].filter((a) => alarmIds.has(a.alarmId)).map((a) => a.at - raisedAt.get(a.alarmId)!)])) as Record<
      Channel,
      number[]
    >;
  };
  return {
    services,
    receivers: r,
    vapid,
    team,
    raise,
    latencies,
    /** Every channel has `count` messages about each of these alarms. */
    arrived: async (alarmIds: number[], count: number) => {
      const n = await r.countFor(alarmIds);
      return CHANNELS.every((c) => n[c] >= count * alarmIds.length);
    },
    async close() {
      await bench.stop();
      await r.close();
    },
  };
}

/**
 * When each phone request leaves the product: written to its connection, from node's own
 * diagnostics channels (`http.client.request.start`, published once the request has a socket, for
 * ntfy and pushes sent from this thread; undici's `undici:client:sendHeaders` for the Bot API's
 * `sendMessage`); pushes sent from the push sender's worker thread are stamped there at the same
 * moment (the request's socket) and published on its own channel. The goal counts to here; arrival at a
 * simulator adds the loopback and the simulator's own queue (one process decrypting and checking
 * every message, busy while the product's next requests wait in its socket buffers).
 */
function recordLeaving(hosts: { push: string; ntfy: string; telegram: string }) {
  const left: { channel: Channel; at: number }[] = [];
  const onHttp = (m: unknown) => {
    const request = (m as { request: import('node:http').ClientRequest }).request;
    const host = String(request.getHeader('host'));
    const channel = host === hosts.push ? 'push' : host === hosts.ntfy ? 'ntfy' : undefined;
    if (channel) left.push({ channel, at: Date.now() });
  };
  const onUndici = (m: unknown) => {
    const { origin, path } = (m as { request: { origin: string; path: string } }).request;
    if (new URL(origin).host === hosts.telegram && path.endsWith('/sendMessage')) left.push({ channel: 'telegram', at: Date.now() });
  };
  const onPush = (m: unknown) => {
    const { host, at } = m as { host: string; at: number };
    if (host === hosts.push) left.push({ channel: 'push', at });
  };
  diagnostics.subscribe('http.client.request.start', onHttp);
  diagnostics.subscribe('undici:client:sendHeaders', onUndici);
  diagnostics.subscribe(PUSH_LEFT_CHANNEL, onPush);
  return {
    left,
    stop() {
      diagnostics.unsubscribe('http.client.request.start', onHttp);
      diagnostics.unsubscribe('undici:client:sendHeaders', onUndici);
      diagnostics.unsubscribe(PUSH_LEFT_CHANNEL, onPush);
    },
  };
}

/**
 * CPU time (ms, from the kernel's per-thread counters, 10 ms ticks) of this process's main thread,
 * its other threads (the push senders, V8's garbage collection and compiler threads, the mail and
 * parser workers) and its child processes (the receivers): what a step costs, whatever the load.
 */
function cpuByThread() {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * 10 };
  };
  const out = { main: 0, threads: 0, receivers: 0 };
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const { cpu } = ticks(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
    if (tid === String(process.pid)) out.main += cpu;
    else out.threads += cpu;
  }
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const t = ticks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (t.parent === process.pid) out.receivers += t.cpu;
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}
const cpuSince = (before: ReturnType<typeof cpuByThread>) => {
  const now = cpuByThread();
  return { main: now.main - before.main, threads: now.threads - before.threads, receivers: now.receivers - before.receivers };
};

/** Attempts that failed and were tried again, by their error (a bench should have none). */
async function failedAttempts(w: Awaited<ReturnType<typeof world>>) {
  const rows = await w.services.db.selectFrom('alarmHistory').select('details').where('event', '=', 'notification-failed').execute();
  const errors = new Map<string, number>();
  for (const r of rows) {
    const error = String((JSON.parse(r.details) as { error?: string }).error);
    errors.set(error, (errors.get(error) ?? 0) + 1);
  }
  return [...errors].map(([error, n]) => `${n}x ${error}`).join('; ') || 'none';
}

/** Polls `done`; a check that queries the product's database (a count over the burst's rows) polls less often, as it shares the product's thread. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 10) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`Push bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const pendingRows = async (w: Awaited<ReturnType<typeof world>>, dashboardId: number) =>
  Number(
    (
      await w.services.db
        .selectFrom('notification')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('dashboardId', '=', dashboardId)
        .where('status', '=', 'PENDING')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** 100 people on every method, 10 alarms one after another; with the notify job's stages. */
async function fanOut() {
  const w = await world('push-fanout');
  const { dashboardId, subscriptions } = await w.team('Piket', SUBSCRIBERS);
  const at = await w.receivers.setup(w.vapid.publicKey);
  const leaving = recordLeaving({ push: new URL(subscriptions[0]!.endpoint).host, ntfy: new URL(at.ntfyUrl).host, telegram: new URL(at.apiUrl).host });
  const leftMs = Object.fromEntries(CHANNELS.map((c) => [c, [] as number[]])) as Record<Channel, number[]>;
  const telegramFirstMs: number[] = [];
  const telegramLastMs: number[] = [];
  await w.services.jobs.start();
  // The bot answers each person's `/start <code>` once the poll job reads it: those replies go first.
  await until(async () => (await w.receivers.arrivals()).telegram.length >= SUBSCRIBERS, 30_000, 'the bot’s link replies');
  await w.receivers.limitTelegram(TELEGRAM_PER_SECOND);
  const cpuBefore = cpuByThread();
  const stages: (NotifyTraceStage & { at: number })[] = [];
  const listen = (m: unknown) => stages.push(m as NotifyTraceStage & { at: number });
  diagnostics.subscribe(NOTIFY_TRACE_CHANNEL, listen);
  const ids = new Set<number>();
  const queuedMs: number[] = [];
  const claimedMs: number[] = [];
  const sendingMs: number[] = [];
  for (let i = 0; i < ALARMS; i++) {
    const from = stages.length;
    const leftFrom = leaving.left.length;
    const t0 = performance.now();
    const raisedAt = Date.now();
    const id = await w.raise(dashboardId, `Storing ${i}`);
    ids.add(id);
    await until(() => w.arrived([id], SUBSCRIBERS), 60_000, `alarm ${i}'s messages`);
    // The mails of this alarm leave too before the next one comes in (100 installers and the admin).
    await until(async () => (await w.receivers.countFor([])).mails >= (i + 1) * (SUBSCRIBERS + 1), 60_000, `alarm ${i}'s mails`);
    // Alarms come one after another, each once the last one's messages and mails are out: what
    // leaves meanwhile is this alarm's.
    for (const l of leaving.left.slice(leftFrom)) leftMs[l.channel].push(l.at - raisedAt);
    const telegramLeft = leaving.left.slice(leftFrom).filter((l) => l.channel === 'telegram');
    telegramFirstMs.push(...telegramLeft.slice(0, TELEGRAM_PER_SECOND).map((l) => l.at - raisedAt));
    telegramLastMs.push(telegramLeft.at(-1)!.at - raisedAt);
    // The Bot API's window of the last alarm's messages is over before the next alarm comes in.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const mine = stages.slice(from);
    const queued = mine.find((s) => s.stage === 'queued');
    if (queued) queuedMs.push(queued.at - t0);
    const phone = (s: NotifyTraceStage) => 'alarmId' in s && s.alarmId === id && s.channel !== 'EMAIL';
    claimedMs.push(...mine.filter((s) => s.stage === 'claimed' && phone(s)).map((s) => s.at - t0));
    sendingMs.push(...mine.filter((s) => s.stage === 'sending' && phone(s)).map((s) => s.at - t0));
  }
  diagnostics.unsubscribe(NOTIFY_TRACE_CHANNEL, listen);
  const cpu = cpuSince(cpuBefore);
  leaving.stop();
  const product = await w.latencies(ids);
  const mails = (await w.receivers.countFor([])).mails;
  const retried = await failedAttempts(w);
  const telegramRefused = await w.receivers.telegramOverLimit();

  const agent = new https.Agent({
    keepAlive: true,
    secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, (await w.receivers.setup(w.vapid.publicKey)).ca] }),
  });
  const baseline: number[] = [];
  for (let i = 0; i < ALARMS; i++) {
    const start = Date.now();
    const queue = [...subscriptions];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const payload = JSON.stringify({
          title: `[HOOG] Storing ${i}`,
          body: 'Storingen',
          url: 'https://energiebeheer.example/app/',
          actionUrl: null,
          tag: 'alarm',
          alarmId: BASELINE_IDS + i,
        });
        await webPush.sendNotification(s, payload, { vapidDetails: w.vapid, TTL: 86400, urgency: 'high', topic: 'alarm', agent });
      }
    };
    await Promise.all(Array.from({ length: LANE_CAPS.WEB_PUSH }, worker));
    baseline.push(...(await w.receivers.arrivals()).push.filter((a) => a.alarmId === BASELINE_IDS + i).map((a) => a.at - start));
  }
  agent.destroy();
  await w.close();
  return {
    mails,
    leaving: Object.fromEntries(CHANNELS.map((c) => [c, figures(leftMs[c])])) as Record<Channel, Figures>,
    telegramFirst: figures(telegramFirstMs),
    telegramLast: figures(telegramLastMs),
    telegramRefused,
    channels: Object.fromEntries(CHANNELS.map((c) => [c, figures(product[c])])) as Record<Channel, Figures>,
    all: figures(CHANNELS.flatMap((c) => product[c])),
    stages: { queued: figures(queuedMs), claimed: figures(claimedMs), sending: figures(sendingMs) },
    baseline: figures(baseline),
    retried,
    cpuPerAlarm: { main: cpu.main / ALARMS, threads: cpu.threads / ALARMS, receivers: cpu.receivers / ALARMS },
  };
}

/** 1,000 alarms in a minute on one dashboard while a quiet one gets an alarm every 2 s. */
async function burst() {
  const w = await world('push-burst');
  const busy = await w.team('Storm', 2);
  const quiet = await w.team('Rust', 1);
  await w.services.jobs.start();
  await until(async () => (await w.receivers.arrivals()).telegram.length >= 3, 30_000, 'the bot’s link replies');
  await w.receivers.limitTelegram(TELEGRAM_PER_SECOND);
  const quietIdle = new Set<number>();
  for (let i = 0; i < 10; i++) {
    const id = await w.raise(quiet.dashboardId, `Rustig ${i}`);
    quietIdle.add(id);
    await until(() => w.arrived([id], 1), 30_000, 'an idle quiet alarm');
  }
  const quietBusy = new Set<number>();
  const burstIds = new Set<number>();
  const start = Date.now();
  let nextQuiet = start;
  for (let i = 0; i < BURST; i++) {
    const at = start + (i * BURST_MS) / BURST;
    while (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(at, nextQuiet) - Date.now())));
    if (Date.now() >= nextQuiet) {
      quietBusy.add(await w.raise(quiet.dashboardId, `Rustig tijdens storm ${quietBusy.size}`));
      nextQuiet += QUIET_EVERY_MS;
    }
    burstIds.add(await w.raise(busy.dashboardId, `Storm ${i}`));
  }
  const raisedMs = Date.now() - start;
  // Every method of three people (two installers and the admin's e-mail): 9 notifications per alarm.
  let doneMs = NaN;
  try {
    await until(async () => (await pendingRows(w, busy.dashboardId)) === 0, DEADLINE_MS + 60_000, 'the burst', 250);
    doneMs = Date.now() - start;
  } catch {
    doneMs = Infinity;
  }
  const rows = await w.services.db
    .selectFrom('notification')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .where('dashboardId', '=', busy.dashboardId)
    .groupBy('status')
    .execute();
  const delivered = await w.latencies(burstIds);
  const idle = await w.latencies(quietIdle);
  const during = await w.latencies(quietBusy);
  const retried = await failedAttempts(w);
  const telegramRefused = await w.receivers.telegramOverLimit();
  await w.close();
  const all = (l: Record<Channel, number[]>) => CHANNELS.flatMap((c) => l[c]);
  return {
    raisedMs,
    doneMs,
    statuses: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
    burst: figures(all(delivered)),
    quietIdle: figures(all(idle)),
    quietBusy: figures(all(during)),
    quietSamples: quietBusy.size,
    retried,
    telegramRefused,
  };
}

/** Both parts, or one of them (`fan-out`, `burst`) when profiling one. */
export async function benchPush(only?: string) {
  return { fanOut: only === 'burst' ? undefined : await fanOut(), burst: only === 'fan-out' ? undefined : await burst() };
}

/** The lines `npm run bench` prints (also `node --import tsx bench/push-run.ts` alone). */
export function pushLines(r: Awaited<ReturnType<typeof benchPush>>) {
  const { fanOut: o, burst: b } = r;
  return [...(o ? fanOutLines(o) : []), ...(b ? burstLines(b) : [])];
}

const ms = (n: number) => `${Math.round(n)} ms`;
const f = (x: Figures) => `p50 ${ms(x.p50)}, p95 ${ms(x.p95)}, max ${ms(x.max)}`;

function fanOutLines(o: Awaited<ReturnType<typeof fanOut>>) {
  return [
    `Phones, a HIGH alarm escalated to ${SUBSCRIBERS} installers on Web Push, ntfy and Telegram (and e-mail), ${ALARMS} alarms, stored -> request left the product (goal p50 <= 100 ms, p95 <= 300 ms):`,
    ...CHANNELS.map((c) => `  ${c}: ${f(o.leaving[c])} over ${o.leaving[c].n}`),
    `  telegram at the Bot API's ${TELEGRAM_PER_SECOND} messages a second: each alarm's first ${TELEGRAM_PER_SECOND} ${f(o.telegramFirst)}; its last (the ${SUBSCRIBERS}th can leave no sooner than ${Math.floor((SUBSCRIBERS - 1) / TELEGRAM_PER_SECOND)} windows of 1.1 s) p50 ${ms(o.telegramLast.p50)}; refused for the rate: ${o.telegramRefused}`,
    `  stored -> arrival at the simulators (their own queue included):`,
    ...CHANNELS.map((c) => `  ${c}: ${f(o.channels[c])} over ${o.channels[c].n}`),
    `  all three: ${f(o.all)}; ${o.mails} mails meanwhile`,
    `  notify job stages after the alarm: rows queued p50 ${ms(o.stages.queued.p50)}; claimed p50 ${ms(o.stages.claimed.p50)}, p95 ${ms(o.stages.claimed.p95)}; about to send p50 ${ms(o.stages.sending.p50)}, p95 ${ms(o.stages.sending.p95)}`,
    `  failed attempts: ${o.retried}`,
    `  CPU per alarm (400 notifications): the product's main thread ${ms(o.cpuPerAlarm.main)}, its other threads (push senders, V8's helpers) ${ms(o.cpuPerAlarm.threads)}; the receivers' process ${ms(o.cpuPerAlarm.receivers)}`,
    `  baseline web-push sendNotification alone, ${Math.min(SUBSCRIBERS, LANE_CAPS.WEB_PUSH)} in flight: ${f(o.baseline)}`,
  ];
}

function burstLines(b: Awaited<ReturnType<typeof burst>>) {
  return [
    `Burst, ${BURST} HIGH alarms in ${ms(b.raisedMs)} (each to 2 installers on every method and the admin's e-mail: ${Object.entries(b.statuses)
      .map(([s, n]) => `${n} ${s}`)
      .join(
        ', ',
      )}): all delivered ${Number.isFinite(b.doneMs) ? `after ${ms(b.doneMs)}` : 'NOT within the wait'} (goal <= ${ms(DEADLINE_MS)}); phones stored -> arrival ${f(b.burst)}`,
    `  failed attempts: ${b.retried}; Telegram messages refused for the rate: ${b.telegramRefused}`,
    `  quiet dashboard, stored -> arrival on its phones: ${f(b.quietBusy)} during the burst (${b.quietSamples} alarms) vs ${f(b.quietIdle)} idle (goal: not blocked)`,
  ];
}
