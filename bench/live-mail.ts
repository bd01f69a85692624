/**
 * APPEND → alarm event on an open live stream: the real server with its IMAP
 * watcher (IDLE) on a private Dovecot, a DEFAULT parser and a console's SSE stream open; from the
 * APPEND's completion to the `alarm` event naming the new alarm, over 50 single mails. Beside it,
 * in the same run, the limit underneath: a bare imapflow client in IDLE on the same mailbox, from
 * the APPEND's completion to the server's EXISTS (Dovecot delays its IDLE pushes, see README).
 */
import { startAlarmBench } from './alarm-bench-server';
import { connectImap } from '../src-server/modules/mail-sources/imap/imap-fetch';
import { startDovecot } from '../src-server/testing/dovecot';

const ROUNDS = 50;
const USER = 'live@example.nl';
const PASSWORD = 'bench-wachtwoord';
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const mail = (i: number) =>
  `From: GBS <gbs@example.nl>\r\nTo: alarm@example.nl\r\nSubject: Live ${i}\r\nMessage-ID: <live-${i}-${Date.now()}@example.nl>\r\n\r\nStoring ${i}\r\n`;

/** The bare limit: APPEND completion → EXISTS on another connection in IDLE. */
async function bareIdle(settings: Parameters<typeof connectImap>[0], rounds: number) {
  const watcher = connectImap(settings);
  const appender = connectImap(settings);
  await watcher.connect();
  await appender.connect();
  await watcher.mailboxOpen('INBOX');
  const samples: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      let resolve!: () => void;
      const exists = new Promise<void>((r) => (resolve = r));
      watcher.once('exists', () => resolve());
      void watcher.idle().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 20));
      await appender.append('INBOX', mail(100_000 + i));
      const start = performance.now();
      await exists;
      samples.push(performance.now() - start);
    }
  } finally {
    await appender.logout();
    watcher.close();
  }
  return samples;
}

export async function benchLiveMail() {
  const dovecot = await startDovecot({ users: { [USER]: PASSWORD } });
  const bench = await startAlarmBench('live', { MAIL_ALLOW_PRIVATE_HOSTS: 'true' });
  const { server, call, accessToken: token, dashboard } = bench;
  const settings = { host: dovecot.host, port: dovecot.port, secure: false, username: USER, password: PASSWORD, inputFolder: 'INBOX' };
  const controller = new AbortController();
  try {
    await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarm-email-parsers`, token, {
      type: 'DEFAULT',
      name: 'Alles',
      enabled: true,
      sourceId: null,
      config: { match: {}, line: '{{subject}}' },
    });
    await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/email-alarm-sources`, token, {
      type: 'IMAP',
      name: 'Live',
      folderId: null,
      pollIntervalSeconds: 3600,
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUsername: USER,
      imapPassword: PASSWORD,
      imapInputFolder: 'INBOX',
    });
    // The watcher picks new sources up on its refresh (every 10 s); this one starts it now.
    await server.services.imapWatchers.refresh();
    const res = await fetch(`${server.url}/api/v1/alarms/dashboards/${dashboard.id}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    /** Resolves when the stream names a created alarm. */
    const nextCreated = async () => {
      for (;;) {
        const at = buffer.indexOf('"type":"created"');
        if (at >= 0) {
          buffer = buffer.slice(at + 16);
          return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('The event stream ended.');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const appender = connectImap(settings);
    await appender.connect();
    // The watcher's IDLE is up once a first mail made it through.
    await appender.append('INBOX', mail(-1));
    await nextCreated();
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const created = nextCreated();
      await appender.append('INBOX', mail(i));
      const start = performance.now();
      await created;
      samples.push(performance.now() - start);
    }
    await appender.logout();
    const bare = await bareIdle(settings, 20);
    return {
      p50: quantile(samples, 0.5),
      p95: quantile(samples, 0.95),
      bareP50: quantile(bare, 0.5),
      bareP95: quantile(bare, 0.95),
    };
  } finally {
    controller.abort();
    await bench.stop();
    await dovecot.close();
  }
}
