import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, expect, test, onTestFinished } from 'vitest';
import { type TestDovecot, dovecotAvailable, startDovecot } from './dovecot';

const available = dovecotAvailable();
let dovecot: TestDovecot;
beforeAll(async () => {
  if (available) dovecot = await startDovecot();
});
afterAll(() => dovecot?.close());

test.runIf(available)('the private Dovecot takes an APPEND and serves it back over IMAP', async () => {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: 'alarm@example.nl', pass: 'geheim-wachtwoord' },
    logger: false,
  });
  client.on('error', () => undefined);
  await client.connect();
  onTestFinished(() => client.logout());
  await client.append('INBOX', 'Subject: hallo\r\nMessage-ID: <a@b>\r\n\r\nbody\r\n');
  const lock = await client.getMailboxLock('INBOX');
  onTestFinished(() => lock.release());
  const messages = [];
  for await (const m of client.fetch('1:*', { envelope: true })) messages.push(m.envelope?.subject);
  expect(messages).toEqual(['hallo']);
});
