/** `npm run bench`: prints each figure next to its baseline and goal. */
import { benchAuthMe } from './auth-me';
import { benchIngest } from './ingest';
import { benchChartRender } from './chart-render';
import { benchDashboard } from './dashboard';
import { benchMeasurements } from './measurements';
import { benchForecast } from './forecast';
import { benchAlarms } from './alarms';
import { benchConsole } from './console';
import { benchLifecycle } from './lifecycle';
import { benchHooks } from './hooks';
import { benchMixedLoad } from './load-mixed';
import { benchMail } from './mail';
import { benchLiveMail } from './live-mail';
import { benchLiveConsole } from './live-console';
import { benchSmtp } from './smtp';
import { benchFairness } from './fairness';
import { benchParsePipeline } from './parse-pipeline';
import { benchParsers } from './parsers';
import { benchNotifications, benchSlowReceiver } from './notifications';
import { benchEscalation } from './escalation';
import { benchPush, pushLines } from './push';
import { ENGINE_READS, benchEngines, type EngineFigures } from './engines';
import { benchFailoverPage, benchInstances } from './instances';
import { benchEnergyRules } from './energy';
import { benchBackup } from './backup';
import { benchSchedules, scheduleLines } from './schedules';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const me = await benchAuthMe();
console.log(
  `GET /auth/me: ${fmt(me.productRps)} req/s vs bare Hono + one SQLite lookup ${fmt(me.bareRps)} req/s -> ratio ${me.ratio.toFixed(2)} (goal >= 0.70)`,
);

const engines = await benchEngines();
if (!engines) console.log('SQLite vs PostgreSQL: skipped (PostgreSQL is not installed: apt-get install -y postgresql)');
else {
  const [lite, pg] = engines as [EngineFigures, EngineFigures];
  const ms1 = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`SQLite vs PostgreSQL, the same product and data (goal: PostgreSQL within 2x of SQLite):`);
  console.log(`  GET /auth/me: ${fmt(lite.authMeRps)} vs ${fmt(pg.authMeRps)} req/s -> ${(lite.authMeRps / pg.authMeRps).toFixed(2)}x`);
  for (const [key, label] of Object.entries(ENGINE_READS) as [keyof typeof ENGINE_READS, string][]) {
    console.log(`  ${label}: ${ms1(lite[key])} vs ${ms1(pg[key])} -> ${(pg[key] / lite[key]).toFixed(2)}x`);
  }
  console.log(`  the heavy reads mixed, 20 clients: ${fmt(lite.mixedRps)} vs ${fmt(pg.mixedRps)} req/s -> ${(lite.mixedRps / pg.mixedRps).toFixed(2)}x`);
}

const ingest = await benchIngest();
console.log(
  `Measurement ingest: ${fmt(ingest.productRps)} rows/s through the sync upsert vs raw prepared insert loop ${fmt(ingest.rawRps)} rows/s -> ratio ${ingest.ratio.toFixed(2)} (goal >= 0.50)`,
);

const m = await benchMeasurements();
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `Aggregate one channel-year per hour: ${ms(m.hour)} median (goal <= 10 ms); per day: ${ms(m.day)}; raw grouped SQL: ${ms(m.rawGrouped)} -> ratio ${(m.rawGrouped / m.hour).toFixed(2)}`,
);
console.log(`Sum of 100 channel-years: ${ms(m.sum100)} median (goal <= 150 ms); raw SQL: ${ms(m.rawSum100)} -> ratio ${(m.rawSum100 / m.sum100).toFixed(2)}`);

const fc = await benchForecast();
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
console.log(
  'Day forecast on real demand data, hourly, 28 days each from the days before it (WAPE; goal: ratio to same hours a week earlier <= 0.60 at the end of the year):',
);
for (const r of fc.results) {
  const band = (c: number | null) => (c === null ? '' : `, ${pct(c)} inside the band`);
  console.log(
    `  ${r.name}: end of year ${pct(r.end.wape)} vs naive ${pct(r.end.naive)} -> ratio ${r.end.ratio.toFixed(3)}${band(r.end.coverage)}; mid-year ${pct(r.mid.wape)} vs ${pct(r.mid.naive)} -> ${r.mid.ratio.toFixed(3)}${band(r.mid.coverage)}`,
  );
}
console.log(`  one forecast with its band on a year of history: ${ms(fc.timing)} median (goal <= 20 ms)`);

const chart = await benchChartRender();
console.log(`Module page, navigation to first chart bar in Chromium: ${ms(chart.median)} median of 5 (goal <= 800 ms); at 4x CPU slowdown ${ms(chart.slowed)}`);
const dash = await benchDashboard();
console.log(
  `Location dashboard, a year on three meters over REST: ${ms(dash.location)} median (goal <= 50 ms; first of the day, with the forecasts: ${ms(dash.firstOfDay)}, right after the start ${ms(dash.first)}); location list ${ms(dash.list)}`,
);

const a = await benchAlarms();
console.log(`Alarms (100,000 in one dashboard), medians over REST with the raw SQL beside:`);
console.log(`  folder page, 20 sorted and filtered by assignee: ${ms(a.page)} (goal <= 20 ms); raw SQL ${ms(a.rawPage)}`);
console.log(`  folder counts: ${ms(a.counts)} (goal <= 10 ms); raw SQL ${ms(a.rawCounts)}`);
console.log(`  periodic counts, a year per day: ${ms(a.periodic)} (goal <= 30 ms); raw SQL ${ms(a.rawPeriodic)}`);
console.log(`  response times, a year per month (medians and p90): ${ms(a.responseTimes)} (goal <= 50 ms)`);
console.log(`  moving 1,000 alarms in one call: ${ms(a.move)} (goal <= 200 ms); raw SQL update ${ms(a.rawMove)}`);

const con = await benchConsole();
console.log(`Alarm console (100,000 alarms over 50 locations), medians over REST:`);
console.log(
  `  dashboard-wide filtered search, 20 a page: text ${ms(con.searches.text)}, location + priorities ${ms(con.searches.location)}, open and unacknowledged by priority ${ms(con.searches.open)}, text in a location ${ms(con.searches.textInLocation)}, mine not overdue in 30 days ${ms(con.searches.mine)} (goal <= 30 ms)`,
);
console.log(`  a saved view's count (GET /views with one view): ${ms(con.viewCount)} (goal <= 10 ms)`);
console.log(`  CSV of ${fmt(con.csvLines)} alarms, streamed: ${ms(con.csv)} (goal <= 1000 ms)`);

const l = await benchLifecycle();
console.log(`Alarm lifecycle (100,000 alarms, ${fmt(l.historyRows)} history rows), medians over REST with the raw SQL beside:`);
console.log(`  resolve by key: ${ms(l.resolveByKey)} (goal <= 5 ms); raw SQL of the open alarms of a key ${ms(l.rawOpenByKey)}`);
console.log(`  history of one alarm: ${ms(l.history)} (goal <= 5 ms); raw SQL ${ms(l.rawHistory)}`);
console.log(`  folder page, 20 acknowledged: ${ms(l.page)} (goal <= 20 ms)`);

const hooks = await benchHooks();
console.log(
  `Alertmanager payload with 1,000 alerts over REST: ${ms(hooks.created)} median of 5, 1,000 alarms created (goal <= 500 ms); the same again, grouped: ${ms(hooks.grouped)}; resolved: ${ms(hooks.resolved)}`,
);

// Three runs, each with both sides; the run with the median ratio is shown.
const byRatio = <T>(runs: T[], ratio: (r: T) => number) => [...runs].sort((a, b) => ratio(a) - ratio(b))[Math.floor(runs.length / 2)]!;
const mailRatio = (r: Awaited<ReturnType<typeof benchMail>>) => r.readRate / r.bareRate;
const mail = byRatio([await benchMail(), await benchMail(), await benchMail()], mailRatio);
console.log(
  `Mail ingest from Dovecot: ${fmt(mail.readRate)} messages/s stored and read, in the inbox (${mail.count} of ~${mail.kb.toFixed(1)} KB; goal >= 200/s) vs a bare imapflow fetch ${fmt(mail.bareRate)}/s -> ratio ${mailRatio(mail).toFixed(2)} (goal >= 0.50; median of 3 runs); the fetch done with its cursor at ${fmt(mail.productRate)} messages/s -> ratio ${(mail.productRate / mail.bareRate).toFixed(2)} (the same moment unless a batch was left raw for the mail reader)`,
);
console.log(`Mail delivery to stored e-mail with IDLE: ${ms(mail.idleMedianMs)} median of 11 (goal <= 2000 ms)`);

const live = await benchLiveMail();
console.log(
  `APPEND -> alarm event on an open live stream (IDLE, 50 single mails): p50 ${ms(live.p50)} (goal <= 250 ms), p95 ${ms(live.p95)} (goal <= 500 ms); bare imapflow IDLE, APPEND -> EXISTS: p50 ${ms(live.bareP50)}, p95 ${ms(live.bareP95)} (Dovecot holds IDLE pushes back 0.5 s)`,
);

const smtp = await benchSmtp();
console.log(
  `SMTP receiver, end of DATA -> alarm event on an open stream (50 single mails): p50 ${ms(smtp.p50)} (goal <= 100 ms), p95 ${ms(smtp.p95)} (goal <= 250 ms); end of DATA -> 250 p50 ${ms(smtp.answerP50)}`,
);
console.log(
  `SMTP receiver under load, ${fmt(smtp.sent)} mails from 50 senders over ${smtp.loadSeconds.toFixed(0)} s: ${fmt(smtp.refused)} refused (goal 0), ${fmt(smtp.accepted)} answered 250, ${fmt(smtp.alarms)} alarms on the stream`,
);

const liveConsole = await benchLiveConsole();
console.log(
  `Alarm event -> its row painted in an open console (Chromium, 31 alarms one at a time): p50 ${ms(liveConsole.p50)} (goal <= 100 ms), p95 ${ms(liveConsole.p95)}; through the list's refetch (a search the row cannot decide): p50 ${ms(liveConsole.refetchP50)}, p95 ${ms(liveConsole.refetchP95)}`,
);

const fair = await benchFairness();
console.log(
  `Fairness, APPEND -> alarm on a quiet dashboard: ${ms(fair.idle)} idle, ${ms(fair.busy)} while a hostile dashboard's 200 e-mails meet 10 runaway parsers (goal <= 2x idle) -> ratio ${(fair.busy / fair.idle).toFixed(2)} (${fair.busySamples} samples while the backlog waited); runaway parsers switched off: ${fair.disabled}`,
);

const parsers = await benchParsers();
console.log(
  `Parser sandbox, DEFAULT (3 parsers): ${fmt(parsers.defaultSequential)} e-mails/s one at a time, ${fmt(parsers.defaultConcurrent)}/s 16 in flight (goal >= 2,000/s); raw regexes in-thread ${fmt(parsers.defaultRaw)}/s`,
);
console.log(
  `Parser sandbox, CUSTOM (example code): ${fmt(parsers.customSequential)} e-mails/s one at a time, ${fmt(parsers.customConcurrent)}/s 16 in flight (goal >= 300/s); raw QuickJS in-thread ${fmt(parsers.customRawQuickJs)}/s; plain JS ${fmt(parsers.customPlainJs)}/s`,
);

const pipelineRatio = (r: Awaited<ReturnType<typeof benchParsePipeline>>) => r.pipelineRate / r.sandboxRate;
const pipeline = byRatio([await benchParsePipeline(), await benchParsePipeline(), await benchParsePipeline()], pipelineRatio);
console.log(
  `Parse pipeline, stored PENDING e-mails to alarms (3 DEFAULT parsers, ${fmt(pipeline.count)} e-mails, ${fmt(pipeline.alarms)} alarms): ${fmt(pipeline.pipelineRate)} e-mails/s end to end vs the sandbox's runChain alone ${fmt(pipeline.sandboxRate)}/s -> ratio ${pipelineRatio(pipeline).toFixed(2)} (goal >= 0.50; median of 3 runs); the sandbox alone in the product's batches of 8: ${fmt(pipeline.batchedRate)}/s -> ratio ${(pipeline.pipelineRate / pipeline.batchedRate).toFixed(2)}`,
);

const mixed = await benchMixedLoad();
const ms0 = (n: number) => `${fmt(n)} ms`;
console.log(
  `Mixed load, 50 clients for 30 s (/auth/me, dashboard.location, a week of hourly data): ${fmt(mixed.load.requests)} requests, ${mixed.load.errors + mixed.load.non2xx} errors (goal 0), p50 ${ms0(mixed.load.p50)}, p99 ${ms0(mixed.load.p99)} (goal <= 250 ms)`,
);
console.log(
  `/auth/me p99 while 100-channel year reads run back to back: ${ms0(mixed.duringReads.p99)} (goal <= 50 ms; idle ${ms0(mixed.idle.p99)}); one read (100 channels × 366 days) ${ms(mixed.yearRead)} median of ${mixed.yearReads}`,
);

const inst = await benchInstances();
if (!inst) console.log('Two instances on PostgreSQL: skipped (PostgreSQL is not installed: apt-get install -y postgresql)');
else {
  const line = (f: typeof inst.one) =>
    `${fmt(f.load.requests)} requests, ${f.load.errors + f.load.non2xx} errors, p50 ${ms0(f.load.p50)}, p99 ${ms0(f.load.p99)}; CPU s: products ${f.cpu.products.toFixed(1)}, PostgreSQL ${f.cpu.postgres.toFixed(1)}, load client ${f.cpu.client.toFixed(1)}`;
  console.log(
    `Mixed load on PostgreSQL, 50 clients for ${inst.seconds} s, one instance against two (means of two runs each, in the order one, two, two, one) (the clients split 25/25 over them: a zero-cost balancer, no proxy) on ${inst.cores} cores (${inst.cores * inst.seconds} CPU s in the run) (goal: p99 of two no worse than one):`,
  );
  console.log(`  one: ${line(inst.one)} (p99 of its two runs ${inst.one.p99s.map(ms0).join(', ')})`);
  console.log(`  two: ${line(inst.two)} (p99 of its two runs ${inst.two.p99s.map(ms0).join(', ')})`);
  console.log(
    `  -> p99 two/one ${(inst.two.load.p99 / inst.one.load.p99).toFixed(2)}, requests two/one ${(inst.two.load.requests / inst.one.load.requests).toFixed(2)}`,
  );
}

const failover = await benchFailoverPage();
if (!failover) console.log('HIGH page after kill -9: skipped (PostgreSQL is not installed: apt-get install -y postgresql)');
else
  console.log(
    `HIGH page after kill -9 of the instance sending it (two instances on PostgreSQL, 3 runs): ${failover.map((r) => `${(r.ms / 1000).toFixed(1)} s${r.sameDelivery ? '' : ' (another delivery id)'}`).join(', ')} from the kill to the page (goal <= 60 s)`,
  );

const notify = await benchNotifications();
console.log(`HIGH alarm -> webhook received: ${ms(notify.median)} median of 100 (goal <= 1000 ms); slowest ${ms(notify.max)}`);
const slow = await benchSlowReceiver();
console.log(
  `1,000 webhooks to a receiver taking 1 s each (10 in flight): ${slow.seconds.toFixed(0)} s (the receiver allows 100 s); /auth/me p99 meanwhile ${ms(slow.p99)} (goal <= 50 ms) over ${fmt(slow.calls)} calls`,
);

for (const line of pushLines(await benchPush())) console.log(line);

const esc = await benchEscalation();
console.log(
  `Escalation, 500 open escalations whose second step falls due at once: mail out p50 ${ms(esc.p50)}, p95 ${ms(esc.p95)} after due (goal p95 <= 30000 ms), slowest ${ms(esc.max)}; 500 alarms raised in ${ms(esc.raisedMs)}, their first steps all mailed after ${ms(esc.firstStepsMs)}; ${esc.running} still running`,
);

const energy = await benchEnergyRules();
console.log(
  `Energy rules: 100 CAPACITY rules over one new day of quarter-hours, median of 5 (goal <= 100 ms): ${Object.entries(energy.evaluate)
    .map(([limit, e]) => `${limit} ${ms(e.ms)} (${e.hits.toFixed(0)} of 100 meters over it)`)
    .join('; ')}`,
);
console.log(
  `  preview of one rule over a year of quarter-hours, median of 11 (goal <= 300 ms): ${Object.entries(energy.previews)
    .map(([rule, t]) => `${rule} ${ms(t)}`)
    .join('; ')}`,
);
console.log(
  `  HUB sync of one new day for 100 feeds, with the 100 rules vs without (goal <= +10 %): ${Object.entries(energy.sync)
    .map(([limit, s]) => `${limit} ${ms(s.with)} vs ${ms(s.without)} -> +${((s.with / s.without - 1) * 100).toFixed(1)} %`)
    .join('; ')}`,
);

const backup = await benchBackup();
const scale = 1024 / backup.databaseMb;
console.log(
  `Backup of a ${fmt(backup.databaseMb)} MB database (${backup.channels} channels x 5 years of quarter-hours) while 20 clients read: reads p99 ${ms(backup.during.p99)} vs ${ms(backup.quiet.p99)} without -> ${(backup.during.p99 / backup.quiet.p99).toFixed(2)}x (goal <= 2x)`,
);
console.log(
  `  backup ${backup.backupSeconds.toFixed(1)} s into ${fmt(backup.backupMb)} MB, restore ${backup.restoreSeconds.toFixed(1)} s; scaled to 1 GB: backup ${(backup.backupSeconds * scale).toFixed(0)} s, restore ${(backup.restoreSeconds * scale).toFixed(0)} s (goal <= 60 s each); /metrics ${ms(backup.metricsMs)} median (goal <= 20 ms)`,
);
for (const line of scheduleLines(await benchSchedules())) console.log(line);
