/**
 * The phone benches' receivers (the local push service, ntfy, the Bot API and an SMTP server) in a
 * process of their own, as they are elsewhere in production: their decrypting, checking and mail
 * parsing no longer share the product's event loop. The bench talks to them over IPC; arrival times
 * are the machine's clock, as the product's. Started with `receivers()`; this file is also the child.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Channel = 'push' | 'ntfy' | 'telegram';
interface Arrival {
  alarmId: number;
  at: number;
}
interface Api {
  setup(vapidPublicKey: string): { ca: string; smtpUrl: string; botToken: string; apiUrl: string; ntfyUrl: string };
  subscribe(count: number): { endpoint: string; keys: { p256dh: string; auth: string } }[];
  chats(ids: number[]): void;
  /** From now on the Bot API refuses more than `n` messages a second, as Telegram does (429). */
  limitTelegram(n: number): void;
  /** How many messages the Bot API refused for going over that limit. */
  telegramOverLimit(): number;
  arrivals(): Record<Channel, Arrival[]> & { mails: number };
  /** How many messages about these alarms arrived per channel. */
  countFor(alarmIds: number[]): Record<Channel, number> & { mails: number };
  close(): void;
}

async function child() {
  const { startPushService } = await import('../src-server/testing/push-service');
  const { startNtfy } = await import('../src-server/testing/ntfy-simulator');
  const { startTelegram } = await import('../src-server/testing/telegram-simulator');
  const { startSmtp } = await import('../src-server/testing/smtp');
  const [push, ntfy, telegram, smtp] = await Promise.all([startPushService(), startNtfy(), startTelegram(), startSmtp()]);
  let serverKey = '';
  const alarmOf = (text: string | undefined) => Number(/alarm=(\d+)/.exec(text ?? '')?.[1]);
  // The lists only grow: each message is read once, not on every poll (the bench polls every 10 ms,
  // and reading every message again each time cost this process seconds of CPU beside the product).
  const seen = { push: [] as Arrival[], ntfy: [] as Arrival[], telegram: [] as Arrival[] };
  const arrivals = () => {
    for (let i = seen.push.length; i < push.received.length; i++)
      seen.push.push({ alarmId: Number(push.received[i]!.payload.alarmId), at: push.received[i]!.receivedAt });
    for (let i = seen.ntfy.length; i < ntfy.messages.length; i++) seen.ntfy.push({ alarmId: alarmOf(ntfy.messages[i]!.click), at: ntfy.arrivals[i]! });
    for (let i = seen.telegram.length; i < telegram.sent.length; i++) {
      const m = telegram.sent[i]!;
      seen.telegram.push({ alarmId: alarmOf(JSON.stringify(m.reply_markup ?? m.text)), at: telegram.arrivals[i]! });
    }
    return { ...seen, mails: smtp.mails.length };
  };
  const api: Api = {
    setup(key) {
      serverKey = key;
      return { ca: push.ca, smtpUrl: smtp.url, botToken: telegram.botToken, apiUrl: telegram.apiUrl, ntfyUrl: ntfy.url('') };
    },
    subscribe: (count) => Array.from({ length: count }, () => push.subscribe(serverKey).subscription),
    chats: (ids) => ids.forEach((id) => telegram.userSends(id, '/start')),
    limitTelegram: (n) => telegram.limitRate(n),
    telegramOverLimit: () => telegram.overLimit,
    arrivals,
    countFor(ids) {
      const wanted = new Set(ids);
      const a = arrivals();
      const n = (list: Arrival[]) => list.filter((x) => wanted.has(x.alarmId)).length;
      return { push: n(a.push), ntfy: n(a.ntfy), telegram: n(a.telegram), mails: a.mails };
    },
    close() {
      void Promise.all([push.close(), ntfy.close(), telegram.close(), smtp.close()]).then(() => process.exit(0));
    },
  };
  process.on('message', (m: { id: number; method: keyof Api; args: unknown[] }) => {
    const result = (api[m.method] as (...a: unknown[]) => unknown)(...m.args);
    process.send!({ id: m.id, result });
  });
  process.send!({ id: 0, result: 'ready' });
}

/** Starts the receivers' process; each call answers what the child's method returned. */
export async function receivers() {
  const proc = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, (result: unknown) => void>();
  let next = 1;
  proc.on('message', (m: { id: number; result: unknown }) => {
    waiting.get(m.id)?.(m.result);
    waiting.delete(m.id);
  });
  await new Promise((resolve) => waiting.set(0, resolve));
  const call =
    <K extends keyof Api>(method: K) =>
    (...args: Parameters<Api[K]>) =>
      new Promise<ReturnType<Api[K]>>((resolve) => {
        const id = next++;
        waiting.set(id, resolve as (r: unknown) => void);
        proc.send({ id, method, args });
      });
  return {
    setup: call('setup'),
    subscribe: call('subscribe'),
    chats: call('chats'),
    limitTelegram: call('limitTelegram'),
    telegramOverLimit: call('telegramOverLimit'),
    arrivals: call('arrivals'),
    countFor: call('countFor'),
    close: () => new Promise<void>((resolve) => (proc.once('exit', () => resolve()), proc.send({ id: next++, method: 'close', args: [] }))),
  };
}

if (process.argv.includes('--child')) await child();
