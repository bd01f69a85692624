/**
 * compose.yaml against the configuration the product reads (there is no Docker here to start it):
 * each instance sets only variables config.ts knows and README's table lists, every variable
 * config.ts reads is in that table, and the environment compose gives an instance loads as the
 * intended configuration (PostgreSQL at the postgres service, one trusted proxy).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config';
import { composeCaddyfile, instanceEnvironment, interpolate, readCompose } from './testing/compose';

const VARS = { SECRET_KEY: 'a'.repeat(64), POSTGRES_PASSWORD: 'geheim-wachtwoord', ADMIN_EMAIL: 'beheer@example.nl', ADMIN_PASSWORD: 'een lang wachtwoord' };
const INSTANCES = ['app1', 'app2'];

/** The variables named in README's configuration table (its first column). */
function readmeVariables(): string[] {
  const readme = readFileSync(path.resolve('README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| variable | default | meaning |'), readme.indexOf('\n\n', readme.indexOf('| variable | default | meaning |')));
  return [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z_]+)`/g)].map((n) => n[1]!));
}

test('every variable compose.yaml gives an instance is one config.ts reads, and README’s table lists', () => {
  const documented = readmeVariables();
  for (const name of INSTANCES) {
    const keys = Object.keys(instanceEnvironment(name, VARS));
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((k) => !CONFIG_VARIABLES.includes(k))).toEqual([]);
    expect(keys.filter((k) => !documented.includes(k))).toEqual([]);
  }
});

test('README’s configuration table lists every variable config.ts reads, and no other', () => {
  expect([...readmeVariables()].sort()).toEqual([...CONFIG_VARIABLES].sort());
});

/** The variables in `.env.example`, with their values. */
function envExample(): Record<string, string> {
  const text = readFileSync(path.resolve('.env.example'), 'utf8');
  return Object.fromEntries([...text.matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}

test('the environment compose gives an instance loads as PostgreSQL at the postgres service behind one proxy', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-compose-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  for (const name of INSTANCES) {
    const config = loadConfig({ ...instanceEnvironment(name, { ...envExample(), ...VARS }), DATA_DIR: dataDir });
    expect(config.databaseUrl).toBe(`postgres://energiebeheer:${VARS.POSTGRES_PASSWORD}@postgres:5432/energiebeheer`);
    expect(config.secretKey).toBe(VARS.SECRET_KEY);
    expect(config.trustProxy).toBe(1);
    expect(config.adminEmail).toBe(VARS.ADMIN_EMAIL);
    expect(config.publicUrl).toBe('http://localhost:8080');
    // The proxy sends to the port the instance listens on (the image's PORT, config's default).
    expect(composeCaddyfile()).toContain(`${name}:${config.port}`);
  }
  // And the database's password is the one compose gives PostgreSQL.
  expect(interpolate(readCompose().services.postgres!.environment!.POSTGRES_PASSWORD!, VARS)).toBe(VARS.POSTGRES_PASSWORD);
});

test('compose.yaml uses only forms that podman-compose 1.0 and older Compose read, and every variable it uses is in .env.example', () => {
  const text = readFileSync(path.resolve('compose.yaml'), 'utf8');
  const body = text.replace(/^\s*#.*$/gm, '');
  // `${X:-…}` / `${X:?…}` (a missing .env then breaks stop, logs and down), inline config content, a top-level name, health conditions.
  expect(body).not.toMatch(/\$\{\w+:[-?]/);
  expect(body).not.toMatch(/^configs:|content:|^name:|condition:/m);
  const used = new Set([...body.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!));
  expect([...used].sort()).toEqual(Object.keys(envExample()).sort());
  // The secrets are left empty there: each firm generates its own once, into .env.
  expect(envExample().SECRET_KEY).toBe('');
  expect(envExample().POSTGRES_PASSWORD).toBe('');
});

test('both instances keep backups on one named volume at BACKUP_DIR, and take the backup, metrics and log settings from .env', () => {
  const compose = parse(readFileSync(path.resolve('compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { volumes?: string[] }>;
    volumes: Record<string, unknown>;
  };
  const vars = { ...VARS, BACKUP_PASSPHRASE: 'een lange back-upzin', BACKUP_SCHEDULE: 'off', METRICS_TOKEN: 'm'.repeat(20), LOG_FORMAT: 'pretty' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'energie-compose-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  const mounts = INSTANCES.map((name) => {
    const config = loadConfig({ ...instanceEnvironment(name, vars), DATA_DIR: dataDir });
    expect(config).toMatchObject({ backupPassphrase: vars.BACKUP_PASSPHRASE, metricsToken: vars.METRICS_TOKEN, logFormat: 'pretty' });
    const mount = compose.services[name]!.volumes?.find((v) => v.split(':')[1] === config.backupDir);
    expect(mount, `${name} mounts a volume at ${config.backupDir}`).toBeDefined();
    return mount!.split(':')[0]!;
  });
  expect(new Set(mounts).size).toBe(1);
  // A named volume, not a folder beside compose.yaml: it outlives `docker compose down` and needs no owner fixed on the host.
  expect(Object.keys(compose.volumes)).toContain(mounts[0]);
  // Empty in .env: the product's defaults (daily backups, unencrypted, /metrics off).
  const env = { ...instanceEnvironment('app1', { ...envExample(), ...VARS }), DATA_DIR: dataDir };
  const defaults = loadConfig(env);
  expect(defaults).toMatchObject({ backupPassphrase: undefined, metricsToken: undefined, logFormat: 'json' });
  expect(defaults.backupSchedule).toEqual(loadConfig({ ...env, BACKUP_SCHEDULE: '03:00' }).backupSchedule);
  expect(loadConfig({ ...env, BACKUP_SCHEDULE: 'off' }).backupSchedule).not.toEqual(defaults.backupSchedule);
});

test('the image build context leaves out data, demo data, databases, secrets and installed packages', () => {
  const ignored = readFileSync(path.resolve('.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const entry of ['node_modules', 'dist', 'data', 'data-demo', '*.db', '*.db-wal', '*.db-shm', '.env', '.git', 'test-results']) {
    expect(ignored, entry).toContain(entry);
  }
});
