/**
 * An ntfy server's publish endpoint on loopback, as docs.ntfy.sh/publish documents it: `POST
 * /<topic>` with the message as body and the options as headers (`Title`, `Priority` 1–5, `Tags`,
 * `Click`, `Actions` in the simple format, `Authorization: Bearer`); RFC 2047 encoded header values
 * are decoded as ntfy does. Answers 200 with the message JSON, or what a test scripts (429, 5xx, 403).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NtfyAction {
  action: string;
  label: string;
  url: string;
  /** The `key=value` options (`method`, `body`, `headers.content-type`, `clear`). */
  options: Record<string, string>;
}

interface NtfyMessage {
  topic: string;
  headers: IncomingHttpHeaders;
  message: string;
  title: string | undefined;
  priority: number;
  tags: string[];
  click: string | undefined;
  actions: NtfyAction[];
  token: string | undefined;
}

/** `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words decoded; anything else as sent. */
function decodeRfc2047(value: string | undefined) {
  if (value === undefined) return undefined;
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Splits on `sep` outside single or double quotes; the quotes are removed unless `keep`. */
function splitQuoted(text: string, sep: string, keep = false) {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const c of text) {
    if (quote) {
      if (c !== quote || keep) current += c;
      if (c === quote) quote = null;
    } else if ((c === '"' || c === "'") && (current.trim() === '' || /=\s*$/.test(current))) {
      quote = c;
      if (keep) current += c;
    } else if (c === sep) {
      parts.push(current.trim());
      current = '';
    } else current += c;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

/** The simple action format: `action, label, url[, key=value…]; …` (at most 3 actions). */
function parseActions(header: string | undefined): NtfyAction[] {
  if (!header) return [];
  const actions = splitQuoted(header, ';', true).map((one) => {
    const [action, label, url, ...rest] = splitQuoted(one, ',');
    if (!action || !label || !url) throw new Error(`invalid action: ${one}`);
    const options = Object.fromEntries(rest.map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1).trim()]));
    if (!['view', 'http', 'broadcast'].includes(action)) throw new Error(`unknown action ${action}`);
    return { action, label, url, options };
  });
  if (actions.length > 3) throw new Error('too many actions');
  return actions;
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name] ?? h[`x-${name}`];
  return Array.isArray(v) ? v[0] : v;
};

/** `answer(n)` decides the n-th publish's status (default 200); a refused one is not recorded as a message. */
export async function startNtfy(answer: (n: number) => { status: number; retryAfter?: number } = () => ({ status: 200 })) {
  const messages: NtfyMessage[] = [];
  /** When each message arrived (ms since the epoch), in the order of `messages`. */
  const arrivals: number[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = ++requests;
      const topic = (req.url ?? '/').split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '';
      const json = (status: number, body: object, extra: Record<string, string> = {}) =>
        res.writeHead(status, { 'Content-Type': 'application/json', ...extra }).end(JSON.stringify(body));
      if (req.method !== 'POST' && req.method !== 'PUT') return json(405, { code: 40500, http: 405, error: 'method not allowed' });
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(topic)) return json(400, { code: 40009, http: 400, error: 'invalid topic' });
      const scripted = answer(n);
      if (scripted.status !== 200) {
        return json(
          scripted.status,
          { code: scripted.status * 100, http: scripted.status, error: 'scripted' },
          scripted.retryAfter ? { 'Retry-After': String(scripted.retryAfter) } : {},
        );
      }
      let actions: NtfyAction[];
      try {
        actions = parseActions(decodeRfc2047(header(req.headers, 'actions')));
      } catch (error) {
        return json(400, { code: 40018, http: 400, error: `invalid request: actions invalid, ${String(error)}` });
      }
      const priority = Number(header(req.headers, 'priority') ?? 3);
      if (!(priority >= 1 && priority <= 5)) return json(400, { code: 40007, http: 400, error: 'invalid priority' });
      const auth = header(req.headers, 'authorization');
      arrivals.push(arrivedAt);
      messages.push({
        topic,
        headers: req.headers,
        message: Buffer.concat(chunks).toString('utf8'),
        title: decodeRfc2047(header(req.headers, 'title')),
        priority,
        tags: (decodeRfc2047(header(req.headers, 'tags')) ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        click: header(req.headers, 'click'),
        actions,
        token: auth?.startsWith('Bearer ') ? auth.slice(7) : undefined,
      });
      json(200, { id: `m${n}`, time: Math.floor(Date.now() / 1000), event: 'message', topic, message: messages.at(-1)!.message });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    messages,
    arrivals,
    requests: () => requests,
    url: (topic: string) => `http://127.0.0.1:${port}/${topic}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type NtfySimulator = Awaited<ReturnType<typeof startNtfy>>;
