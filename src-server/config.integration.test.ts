/** The data folder and its files are the owner's alone; TRUST_PROXY and MAIL_ALLOW_PRIVATE_HOSTS are parsed strictly. */
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './platform/errors';
import { openDatabase } from './platform/db/database';
import { testTempDir } from './testing/temp-dir';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('files', () => {
  test('DATA_DIR is created 0700, secret.key and app.db with its WAL files 0600', async () => {
    const dataDir = path.join(testTempDir('energie-config-'), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(mode(config.dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'secret.key'))).toBe(0o600);
    const db = openDatabase(path.join(dataDir, 'app.db'));
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    for (const file of ['app.db', 'app.db-wal', 'app.db-shm']) expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
    await db.destroy();
  });

  test('an existing DATA_DIR open to others (a Docker volume, an old install) is tightened to 0700', () => {
    const dataDir = testTempDir('energie-config-');
    chmodSync(dataDir, 0o755);
    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
  });

  test('files an older version left readable to all are made 0600 on start', async () => {
    const dataDir = testTempDir('energie-config-');
    writeFileSync(path.join(dataDir, 'secret.key'), 'k'.repeat(43));
    writeFileSync(path.join(dataDir, 'app.db'), '');
    chmodSync(path.join(dataDir, 'secret.key'), 0o644);
    chmodSync(path.join(dataDir, 'app.db'), 0o644);
    loadConfig({ DATA_DIR: dataDir });
    const db = openDatabase(path.join(dataDir, 'app.db'));
    expect(mode(path.join(dataDir, 'secret.key'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'app.db'))).toBe(0o600);
    await db.destroy();
  });
});

describe('TRUST_PROXY', () => {
  const load = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: testTempDir('energie-config-'), TRUST_PROXY });
  test('is off by default; true is one proxy; a number counts proxies; anything else stops start-up', () => {
    expect(load().trustProxy).toBe(0);
    expect(load('false').trustProxy).toBe(0);
    expect(load('true').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
    expect(() => load('yes')).toThrow(ConfigError);
    expect(() => load('yes')).toThrow('Invalid configuration: TRUST_PROXY: must be false, true or the number of proxies (0-9)');
  });
});

describe('MAIL_ALLOW_PRIVATE_HOSTS', () => {
  const load = (MAIL_ALLOW_PRIVATE_HOSTS?: string) => loadConfig({ DATA_DIR: testTempDir('energie-config-'), MAIL_ALLOW_PRIVATE_HOSTS });
  test('is off by default; true or false; anything else stops start-up with one line', () => {
    expect(load().mailAllowPrivateHosts).toBe(false);
    expect(load('false').mailAllowPrivateHosts).toBe(false);
    expect(load('true').mailAllowPrivateHosts).toBe(true);
    expect(() => load('1')).toThrow('Invalid configuration: MAIL_ALLOW_PRIVATE_HOSTS: must be true or false');
  });
});

describe('notifications', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: testTempDir('energie-config-'), ...env });
  test('PUBLIC_URL defaults to localhost with the port; SMTP and private targets are off unless set', () => {
    expect(load({ PORT: '8080' })).toMatchObject({ publicUrl: 'http://localhost:8080', smtpUrl: undefined, notifyAllowPrivateTargets: false });
    expect(load({ PUBLIC_URL: 'https://alarm.example.nl/', NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' })).toMatchObject({
      publicUrl: 'https://alarm.example.nl',
      notifyAllowPrivateTargets: true,
    });
    expect(load({ SMTP_URL: 'smtps://u:p@mail.example.nl:465', SMTP_FROM: 'Energiebeheer <alarm@example.nl>' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.nl:465',
      smtpFrom: 'Energiebeheer <alarm@example.nl>',
    });
  });
  test('an invalid value stops start-up with one line', () => {
    expect(() => load({ SMTP_URL: 'http://mail.example.nl' })).toThrow('Invalid configuration: SMTP_URL: must start with smtp:// or smtps://');
    expect(() => load({ SMTP_FROM: 'niemand' })).toThrow('Invalid configuration: SMTP_FROM: must be an address, e.g. Energiebeheer <alarm@example.com>');
    expect(() => load({ PUBLIC_URL: 'ftp://x' })).toThrow('Invalid configuration: PUBLIC_URL: must start with http:// or https://');
    expect(() => load({ NOTIFY_ALLOW_PRIVATE_TARGETS: 'ja' })).toThrow('Invalid configuration: NOTIFY_ALLOW_PRIVATE_TARGETS: must be true or false');
  });
});

describe('DATABASE_URL', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: testTempDir('energie-config-'), ...env });
  test('without it the SQLite file; a postgres:// URL with a pool of 10 unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(load({})).toMatchObject({ databaseUrl: undefined, databasePoolSize: 10 });
    expect(load({ DATABASE_URL: 'postgres://app:geheim@db:5432/energie', DATABASE_POOL_SIZE: '4' })).toMatchObject({
      databaseUrl: 'postgres://app:geheim@db:5432/energie',
      databasePoolSize: 4,
    });
    expect(load({ DATABASE_URL: 'postgresql://db/energie' }).databaseUrl).toBe('postgresql://db/energie');
  });
  test('anything else stops start-up with one line', () => {
    expect(() => load({ DATABASE_URL: 'mysql://db/energie' })).toThrow('Invalid configuration: DATABASE_URL: must be a postgres:// URL');
    expect(() => load({ DATABASE_POOL_SIZE: '0' })).toThrow('Invalid configuration: DATABASE_POOL_SIZE: must be a whole number from 1 to 1000');
    expect(() => load({ DATABASE_POOL_SIZE: 'veel' })).toThrow('Invalid configuration: DATABASE_POOL_SIZE: must be a whole number from 1 to 1000');
  });
});
