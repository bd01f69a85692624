/** Web Push keys: made once into DATA_DIR and kept across restarts (subscriptions are bound to them), or taken from VAPID_*. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './server';
import { testTempDir } from './testing/temp-dir';

test('the VAPID key pair is made once into DATA_DIR (0600) and the restarted server hands out the same public key', async () => {
  const dataDir = testTempDir('energie-vapid-');
  const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', METERBEHEER_API_KEY: 'key' };
  const keyOfRun = async () => {
    const server = await startServer(loadConfig(env), { log: () => undefined });
    const key = server.services.contact.webPush.vapid.publicKey;
    await server.stop();
    return key;
  };
  const first = await keyOfRun();
  expect(first).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  expect(statSync(path.join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
  expect(await keyOfRun()).toBe(first);
});

test('VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY win over the file; a half pair, a mismatched pair or a bad subject stops start-up with one line', () => {
  const dataDir = testTempDir('energie-vapid-');
  const made = loadConfig({ DATA_DIR: dataDir }).vapid;
  const other = loadConfig({ DATA_DIR: testTempDir('energie-vapid-') }).vapid;
  const env = { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: other.privateKey };
  expect(loadConfig(env).vapid).toMatchObject({ publicKey: other.publicKey, privateKey: other.privateKey });
  expect(loadConfig({ DATA_DIR: dataDir }).vapid.publicKey).toBe(made.publicKey);
  expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: other.publicKey })).toThrow(
    'Invalid configuration: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
  );
  expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: made.publicKey })).toThrow(
    'Invalid configuration: VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY',
  );
  expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'http://example.nl' })).toThrow(
    'Invalid configuration: VAPID_SUBJECT: must be a mailto: address or an https:// URL',
  );
});

test('the VAPID subject is VAPID_SUBJECT, else the From address of notifications, else an https PUBLIC_URL', () => {
  const dataDir = testTempDir('energie-vapid-');
  expect(loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'mailto:piket@example.nl' }).vapid.subject).toBe('mailto:piket@example.nl');
  expect(loadConfig({ DATA_DIR: dataDir, SMTP_FROM: 'Energiebeheer <alarm@example.nl>' }).vapid.subject).toBe('mailto:alarm@example.nl');
  expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://energie.example.nl/' }).vapid.subject).toBe('https://energie.example.nl');
  expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://10.0.0.5:3000' }).vapid.subject).toBe('mailto:beheer@10.0.0.5');
});
