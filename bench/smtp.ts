/**
 * The SMTP receiver (SMTP_LISTEN on a free loopback port) of the real server, with a DEFAULT parser
 * and a console's REST event stream open:
 * - latency: 50 single mails over one connection, each from the end of its DATA (the final dot
 *   written) to the `created` alarm event on the stream, and to the `250`;
 * - load: 500 mails in a minute from 50 senders (a connection each, ten mails each, spread evenly
 *   over the minute), every reply counted: a refusal is anything but `250`; and how many became
 *   alarms on the stream.
 */
import { createServer } from 'node:net';
import { startAlarmBench } from './alarm-bench-server';
import { openSmtpDialogue } from '../src-server/testing/smtp-dialogue';

const ROUNDS = 50;
const SENDERS = 50;
const PER_SENDER = 10;
const MINUTE_MS = 60_000;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const message = (to: string, tag: string) =>
  `From: Device <device@example.nl>\r\nTo: ${to}\r\nSubject: Storing ${tag}\r\nMessage-ID: <smtp-${tag}-${Date.now()}@example.nl>\r\n\r\nMeting ${tag} buiten bereik\r\n`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Counts `created` alarm events on a dashboard's REST stream; `next()` resolves at the next one. */
async function createdEvents(url: string, token: string, signal: AbortSignal) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let count = 0;
  let waiting: (() => void)[] = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const n = decoder.decode(value, { stream: true }).split('"type":"created"').length - 1;
      if (n === 0) continue;
      count += n;
      const wake = waiting;
      waiting = [];
      for (const w of wake) w();
    }
  })();
  return {
    count: () => count,
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    /** Resolves when `n` have come, or after `ms`. */
    async atLeast(n: number, ms: number) {
      const until = performance.now() + ms;
      while (count < n && performance.now() < until) await Promise.race([this.next(), new Promise((r) => setTimeout(r, 200))]);
      return count;
    },
  };
}

export async function benchSmtp() {
  const port = await freePort();
  const bench = await startAlarmBench('smtp', { SMTP_LISTEN: String(port), SMTP_LISTEN_HOST: '127.0.0.1', SMTP_DOMAIN: 'alarm.example.nl' });
  const { server, call, accessToken: token, dashboard } = bench;
  const controller = new AbortController();
  try {
    await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/alarm-email-parsers`, token, {
      type: 'DEFAULT',
      name: 'Alles',
      enabled: true,
      sourceId: null,
      config: { match: {}, line: '{{subject}}' },
    });
    const address = async (name: string) =>
      ((await call('POST', `/api/v1/alarms/dashboards/${dashboard.id}/mail-addresses`, token, { name })) as { address: string }).address;
    const single = await address('Enkel');
    const loaded = await address('Belast');
    const events = await createdEvents(`${server.url}/api/v1/alarms/dashboards/${dashboard.id}/events`, token, controller.signal);

    // Latency: one connection, one mail at a time (a first one warms up).
    const d = await openSmtpDialogue(port);
    await d.command('EHLO bench.example.nl');
    const toEvent: number[] = [];
    const to250: number[] = [];
    for (let i = -1; i < ROUNDS; i++) {
      await new Promise((r) => setTimeout(r, 50));
      await d.command('MAIL FROM:<device@example.nl>');
      await d.command(`RCPT TO:<${single}>`);
      const created = events.next();
      let start = 0;
      const code = await d.data(message(single, `l${i}`), () => (start = performance.now()));
      const answered = performance.now();
      if (code !== 250) throw new Error(`The receiver answered ${code}.`);
      await created;
      if (i >= 0) {
        toEvent.push(performance.now() - start);
        to250.push(answered - start);
      }
    }
    d.close();

    // Load: 50 senders, ten mails each, one every 6 s per sender, the senders spread over the 6 s.
    const before = events.count();
    const codes = new Map<number, number>();
    const loadStart = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, s) => {
        const sender = await openSmtpDialogue(port);
        codes.set(sender.greeting, (codes.get(sender.greeting) ?? 0) + (sender.greeting === 220 ? 0 : 1));
        await sender.command(`EHLO sender-${s}.example.nl`);
        for (let i = 0; i < PER_SENDER; i++) {
          const due = loadStart + (i * MINUTE_MS) / PER_SENDER + (s * MINUTE_MS) / PER_SENDER / SENDERS;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
          const replies = [await sender.command(`MAIL FROM:<sender-${s}@example.nl>`), await sender.command(`RCPT TO:<${loaded}>`)];
          const last = replies.every((c) => c === 250) ? await sender.data(message(loaded, `s${s}-${i}`)) : replies.find((c) => c !== 250)!;
          codes.set(last, (codes.get(last) ?? 0) + 1);
          if (last !== 250) await sender.command('RSET');
        }
        await sender.command('QUIT');
        sender.close();
      }),
    );
    const sent = SENDERS * PER_SENDER;
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const alarms = (await events.atLeast(before + sent, 30_000)) - before;
    return {
      p50: quantile(toEvent, 0.5),
      p95: quantile(toEvent, 0.95),
      answerP50: quantile(to250, 0.5),
      sent,
      accepted: codes.get(250) ?? 0,
      refused: sent - (codes.get(250) ?? 0),
      loadSeconds,
      alarms,
    };
  } finally {
    controller.abort();
    await bench.stop();
  }
}
