/**
 * Backups of a large database while 20 clients read: the reads' p99 without and during the
 * backup, the backup's and the restore's time, and one /metrics scrape. The database is five years
 * of quarter-hours per channel, channels added until it reaches BENCH_BACKUP_MB (default 1024 MB,
 * the size of a firm's five years); a smaller size gives times to scale linearly.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { localMidnight } from '../src/lib/amsterdam';
import { loadConfig } from '../src-server/config';
import { restoreBackup } from '../src-server/modules/backups/restore';
import { startServer } from '../src-server/server';
import { median, timed } from './stats';

const START = localMidnight('2021-01-01');
const END = localMidnight('2026-01-01');
const TOKEN = 'bench-metrics-token-0123456789';

function seed(file: string, targetBytes: number) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw
    .prepare(
      "insert into feed (uuid, provider, name, meterKind, status, createTimestamp, failureCount) values ('bench', 'kenter', 'bench', 'electricity', 'verified', 0, 0)",
    )
    .run();
  const channel = raw.prepare("insert into channel (feedUuid, code, url, createTimestamp) values ('bench', ?, 'http://127.0.0.1:9/x', 0)");
  const insert = raw.prepare('insert into measurement (channelId, ts, value) values (?, ?, ?)');
  const size = () => (raw.pragma('page_count', { simple: true }) as number) * (raw.pragma('page_size', { simple: true }) as number);
  let channels = 0;
  while (size() < targetBytes) {
    channels++;
    raw.transaction(() => {
      channel.run(`c${channels}`);
      for (let ts = START; ts < END; ts += 900) insert.run(channels, ts, Math.round(Math.random() * 4000) / 1000);
    })();
  }
  raw.exec('insert into "measurementHour" select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2');
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  return channels;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

/** 20 clients each reading a month of one channel per day, one after the other, until `until` resolves. */
async function readers(get: (p: string) => Promise<unknown>, channels: number, until: Promise<unknown>) {
  const latencies: number[] = [];
  let failures = 0;
  let done = false;
  void until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: 20 }, async (_, client) => {
      for (let i = 0; !done; i++) {
        const c = 1 + ((client * 7 + i) % channels);
        const month = 1 + (i % 8);
        const started = performance.now();
        const ok = await get(`${c}/measurements/aggregate/day?from=2024-0${month}-01T00:00:00&to=2024-0${month + 1}-01T00:00:00`).then(
          () => true,
          () => false,
        );
        if (ok) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  if (failures > 0) console.log(`  (${failures} reads failed to connect and were left out)`);
  return latencies;
}

export async function benchBackup() {
  const targetMb = Number(process.env.BENCH_BACKUP_MB ?? 1024);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-backup-bench-'));
  const restoreDir = mkdtempSync(path.join(tmpdir(), 'energie-restore-bench-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'bench@example.nl',
      ADMIN_PASSWORD: 'bench-wachtwoord-1',
      BACKUP_SCHEDULE: 'off',
      METRICS_TOKEN: TOKEN,
    });
    const seeding = performance.now();
    const file = path.join(dataDir, 'app.db');
    // The schema first (a start and stop), then the data straight into the file.
    await (await startServer(config, { log: () => {}, requestLog: () => {} })).stop();
    const channels = seed(file, targetMb * 1024 * 1024);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const server = await startServer(config, { log: () => {}, requestLog: () => {} });
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.nl', password: 'bench-wachtwoord-1' }),
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const get = (p: string) =>
      fetch(`${server.url}/api/meter-channel/${p}`, { headers }).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json();
      });

    const quiet = await readers(get, channels, new Promise((r) => setTimeout(r, 8_000)));
    const started = performance.now();
    const backup = server.services.jobs.runNow('backup', { now: true }) as Promise<{ name: string; size: number }>;
    const during = await readers(get, channels, backup);
    const backupSeconds = (performance.now() - started) / 1000;
    const made = await backup;

    const metrics = await timed(() => fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text()), 31);
    const databaseBytes = statSync(file).size;
    await server.stop();

    const restoring = performance.now();
    await restoreBackup({ file: path.join(config.backupDir, made.name), to: restoreDir, log: () => undefined });
    const restoreSeconds = (performance.now() - restoring) / 1000;
    return {
      databaseMb: databaseBytes / 1024 / 1024,
      backupMb: made.size / 1024 / 1024,
      channels,
      seedSeconds,
      quiet: { p99: p99(quiet), median: median(quiet), reads: quiet.length },
      during: { p99: p99(during), median: median(during), reads: during.length },
      backupSeconds,
      restoreSeconds,
      metricsMs: metrics,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoreDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchBackup());
