/**
 * A DATABASE_URL the product cannot use stops start-up with one line and exit code 1, no stack
 * trace: a bad `?schema=`, a server that is not there, a database or role the
 * server does not know. The password never shows.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { expect, test, onTestFinished } from 'vitest';
import webPush from 'web-push';
import { killHard, runToExit, startProductProcess } from './testing/product-process';
import { testTempDir } from './testing/temp-dir';

const start = (DATABASE_URL: string) => runToExit(testTempDir('energie-dburl-'), { DATABASE_URL });

test('a bad ?schema= and an unreachable server each stop start-up with one line, exit 1', async () => {
  expect(await start('postgres://u:geheim@127.0.0.1:1/x?schema=Bad-Schema')).toEqual({
    code: 1,
    stdout: '',
    stderr: 'Invalid configuration: DATABASE_URL: schema must be lower-case letters, digits and _: Bad-Schema\n',
  });
  expect(await start('postgres://u:geheim@127.0.0.1:1/x')).toEqual({
    code: 1,
    stdout: '',
    stderr: 'Cannot open the database postgres://u:***@127.0.0.1:1/x: connect ECONNREFUSED 127.0.0.1:1\n',
  });
}, 60_000);

test.runIf(process.env.TEST_DATABASE_URL)(
  'on a running PostgreSQL, an unknown database or role stops start-up with the server’s reason in one line',
  async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const target = (user: string, password: string, database: string) => {
      const url = new URL(server);
      url.username = user;
      url.password = password;
      url.pathname = `/${database}`;
      url.search = '';
      return url.toString();
    };
    const noDatabase = await start(target(server.username || 'postgres', 'geheim', 'bestaat_niet'));
    expect(noDatabase).toMatchObject({ code: 1, stdout: '' });
    expect(noDatabase.stderr).toMatch(/^Cannot open the database postgres:\/\/[^:]+:\*\*\*@[^ ]+\/bestaat_niet: database "bestaat_niet" does not exist\n$/);
    const noRole = await start(target('niemand', 'geheim', server.pathname.slice(1)));
    expect(noRole).toMatchObject({ code: 1, stdout: '' });
    expect(noRole.stderr).toMatch(/^Cannot open the database postgres:\/\/niemand:\*\*\*@[^ ]+: role "niemand" does not exist\n$/);
  },
  60_000,
);

test.runIf(process.env.TEST_DATABASE_URL)(
  'on PostgreSQL with its keys in the environment the start line names PostgreSQL, not DATA_DIR, and nothing is written there',
  async () => {
    const dataDir = testTempDir('energie-pgline-');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('schema', `startline_${randomBytes(6).toString('hex')}`);
    const vapid = webPush.generateVAPIDKeys();
    const product = await startProductProcess(dataDir, {
      DATABASE_URL: url.toString(),
      SECRET_KEY: 'een-gedeelde-sleutel-van-minstens-32-tekens',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    onTestFinished(() => killHard(product));
    expect(product.output()).toMatch(/running at http:\/\/\S+\/app\/ \(data in PostgreSQL\)/);
    expect(product.output()).not.toContain(dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  },
  60_000,
);
