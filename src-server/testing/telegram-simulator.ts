/**
 * A Telegram Bot API on loopback, as core.telegram.org/bots/api documents it: `POST
 * /bot<token>/<method>` with JSON, answered `{ok: true, result}` or `{ok: false, error_code,
 * description, parameters?}`. `getMe`; `getUpdates` with `offset` (confirms and drops earlier
 * updates) and `timeout` (long polling: waits for an update that far); `sendMessage` checking
 * `chat_id`, `text`, `parse_mode` (HTML: only Telegram's tags) and `reply_markup.inline_keyboard`.
 * A test plays a person with `userSends`, blocks the bot with `block`, or scripts a 429.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const BOT_TOKEN = '123456789:AAEhBOweik6ad9r_QXMENQjcrGbqCr4K-ra';
const BOT = { id: 123456789, is_bot: true, first_name: 'Energiebeheer', username: 'EnergiebeheerTestBot' };
const HTML_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler', 'a', 'code', 'pre', 'blockquote', 'tg-emoji']);

interface Chat {
  id: number;
  type: 'private';
  first_name: string;
  username?: string;
}
export interface SentMessage {
  chat_id: number | string;
  text: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard: { text: string; url?: string }[][] };
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    description: string,
    readonly parameters?: { retry_after: number },
  ) {
    super(description);
  }
}

function checkHtml(text: string) {
  for (const m of text.matchAll(/<\/?([a-z-]+)[^>]*>/gi)) {
    if (!HTML_TAGS.has(m[1]!.toLowerCase())) throw new ApiError(400, `Bad Request: can't parse entities: Unsupported start tag "${m[1]}"`);
  }
  if (/&(?!(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new ApiError(400, "Bad Request: can't parse entities: unescaped &");
}

function checkMessage(p: Partial<SentMessage>, chats: Set<string>) {
  if (p.chat_id === undefined) throw new ApiError(400, 'Bad Request: chat_id is empty');
  if (!chats.has(String(p.chat_id))) throw new ApiError(400, 'Bad Request: chat not found');
  if (typeof p.text !== 'string' || !p.text.trim()) throw new ApiError(400, 'Bad Request: message text is empty');
  if (p.text.length > 4096) throw new ApiError(400, 'Bad Request: message is too long');
  if (p.parse_mode !== undefined && !['HTML', 'MarkdownV2', 'Markdown'].includes(p.parse_mode)) throw new ApiError(400, 'Bad Request: unsupported parse_mode');
  if (p.parse_mode === 'HTML') checkHtml(p.text);
  if (p.reply_markup !== undefined) {
    const rows = p.reply_markup.inline_keyboard;
    if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r)))
      throw new ApiError(400, 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    for (const b of rows.flat()) {
      if (!b.text) throw new ApiError(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
      // Telegram accepts only public web addresses on buttons.
      if (!b.url || !/^https?:\/\//.test(b.url) || /^https?:\/\/(localhost|127\.|\[::1\])/.test(b.url)) {
        throw new ApiError(400, `Bad Request: inline keyboard button URL '${b.url}' is invalid: Wrong HTTP URL`);
      }
    }
  }
}

export async function startTelegram() {
  const updates: { update_id: number; message: { message_id: number; date: number; chat: Chat; from: Chat; text: string } }[] = [];
  const sent: SentMessage[] = [];
  /** When each message was sent (ms since the epoch), in the order of `sent`. */
  const arrivals: number[] = [];
  const chats = new Map<string, Chat>();
  const blocked = new Set<string>();
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  let nextUpdateId = 500_000;
  let tooMany: number | null = null;
  /** With a limit: sendMessage calls of the last second, and how many were refused for going over it. */
  let perSecond: number | null = null;
  const lastSecond: number[] = [];
  let overLimit = 0;
  const waiting = new Set<() => void>();

  async function handle(method: string, p: Record<string, unknown>, arrivedAt: number): Promise<unknown> {
    calls.push({ method, params: p });
    if (method === 'getMe') return BOT;
    if (method === 'getUpdates') {
      const offset = typeof p.offset === 'number' ? p.offset : 0;
      // Asking from an offset confirms every update before it: they are never sent again.
      if (offset > 0) updates.splice(0, updates.filter((u) => u.update_id < offset).length);
      const pending = () => updates.filter((u) => u.update_id >= offset);
      const timeout = typeof p.timeout === 'number' ? p.timeout : 0;
      if (pending().length === 0 && timeout > 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          };
          const timer = setTimeout(done, timeout * 1000);
          waiting.add(done);
        });
      }
      return pending().slice(0, typeof p.limit === 'number' ? p.limit : 100);
    }
    if (method === 'sendMessage') {
      const message = p as unknown as SentMessage;
      if (perSecond !== null) {
        while (lastSecond.length && lastSecond[0]! <= arrivedAt - 1000) lastSecond.shift();
        lastSecond.push(arrivedAt);
        if (lastSecond.length > perSecond) {
          overLimit++;
          throw new ApiError(429, 'Too Many Requests: retry after 1', { retry_after: 1 });
        }
      }
      if (tooMany !== null) {
        const retryAfter = tooMany;
        tooMany = null;
        throw new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
      }
      checkMessage(message, new Set(chats.keys()));
      if (blocked.has(String(message.chat_id))) throw new ApiError(403, 'Forbidden: bot was blocked by the user');
      sent.push(message);
      arrivals.push(arrivedAt);
      return { message_id: sent.length, date: Math.floor(Date.now() / 1000), chat: chats.get(String(message.chat_id)), text: message.text };
    }
    throw new ApiError(404, 'Not Found');
  }

  const server = createServer((req, res) => {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const reply = (status: number, body: object) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (!m || m[1] !== BOT_TOKEN) return reply(m ? 401 : 404, { ok: false, error_code: m ? 401 : 404, description: m ? 'Unauthorized' : 'Not Found' });
      let params: Record<string, unknown>;
      try {
        params = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return reply(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      handle(m[2]!, params, arrivedAt).then(
        (result) => reply(200, { ok: true, result }),
        (error: unknown) => {
          const e = error instanceof ApiError ? error : new ApiError(500, String(error));
          reply(e.code, { ok: false, error_code: e.code, description: e.message, ...(e.parameters ? { parameters: e.parameters } : {}) });
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    botToken: BOT_TOKEN,
    botName: BOT.username,
    sent,
    arrivals,
    calls,
    /** A person writes to the bot from chat `chatId`: an update for the next `getUpdates`. */
    userSends(chatId: number, text: string, name = { first_name: 'Piet', username: 'pietpiket' }) {
      const chat: Chat = { id: chatId, type: 'private', ...name };
      chats.set(String(chatId), chat);
      updates.push({ update_id: nextUpdateId++, message: { message_id: nextUpdateId, date: Math.floor(Date.now() / 1000), chat, from: chat, text } });
      for (const wake of [...waiting]) wake();
    },
    /** The person blocks the bot: sends to their chat answer 403. */
    block: (chatId: number) => blocked.add(String(chatId)),
    /**
     * Telegram's limit for one bot messaging many chats (about 30 a second): from now on a
     * sendMessage beyond `n` within a second answers 429 (`overLimit` counts them).
     */
    limitRate(n: number) {
      perSecond = n;
    },
    get overLimit() {
      return overLimit;
    },
    /** The next sendMessage answers 429 with `retry_after`. */
    tooManyRequests: (retryAfter: number) => (tooMany = retryAfter),
    /** What the bot said to a chat. */
    to: (chatId: number) => sent.filter((s) => String(s.chat_id) === String(chatId)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of [...waiting]) wake();
        server.close(() => resolve());
      }),
  };
}
export type TelegramSimulator = Awaited<ReturnType<typeof startTelegram>>;
