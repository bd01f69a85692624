/**
 * The installation's Telegram bot (TELEGRAM_BOT_TOKEN) through the Bot API: `POST
 * <api>/bot<token>/<method>` with a JSON body, answered `{ok: true, result}` or `{ok: false,
 * error_code, description, parameters}`. The Bot API is the operator's own choice of host, so the
 * private-address rules of user-given URLs do not apply to it.
 */
import { AppError } from '../../platform/errors';

export interface TelegramOptions {
  botToken?: string;
  /** https://api.telegram.org, or a simulator in tests. */
  apiUrl?: string;
}

export type BotAnswer<T> =
  { ok: true; result: T } | { ok: false; status: number; description: string; retryAfterSeconds?: number } | { ok: false; status: 0; description: string };

const CALL_TIMEOUT_MS = 10_000;
export const TELEGRAM_NOT_SET_UP = 'Telegram is op deze server niet ingesteld (TELEGRAM_BOT_TOKEN ontbreekt); vraag de beheerder.';

export function createTelegramBot(options: TelegramOptions) {
  const token = options.botToken;
  if (!token) return null;
  const base = `${(options.apiUrl ?? 'https://api.telegram.org').replace(/\/+$/, '')}/bot${token}`;
  let username: string | undefined;

  /** One Bot API call; `waitSeconds` lengthens the timeout for a long poll. Never throws. */
  async function call<T>(method: string, params: object, signal?: AbortSignal, waitSeconds = 0): Promise<BotAnswer<T>> {
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS + waitSeconds * 1000);
    try {
      const res = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(params),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body = (await res.json().catch(() => ({}))) as {
        ok?: boolean;
        result?: T;
        error_code?: number;
        description?: string;
        parameters?: { retry_after?: number };
      };
      if (res.ok && body.ok) return { ok: true, result: body.result as T };
      return {
        ok: false,
        status: body.error_code ?? res.status,
        description: body.description ?? `HTTP ${res.status}`,
        retryAfterSeconds: body.parameters?.retry_after,
      };
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'geen antwoord' : String((error as Error).cause ?? (error as Error).message);
      return { ok: false, status: 0, description: `Telegram is niet bereikbaar (${reason}).` };
    }
  }

  return {
    /** The bot's numeric id (the token's first part): its updates' cursor is kept per bot. */
    id: token.split(':')[0]!,
    call,
    /** The bot's @username (from getMe, asked once per process). */
    async name(): Promise<string> {
      if (username) return username;
      const me = await call<{ username: string }>('getMe', {});
      if (!me.ok) throw new AppError('BAD_GATEWAY', `Telegram antwoordt niet zoals verwacht: ${me.description}`);
      username = me.result.username;
      return username;
    },
  };
}
export type TelegramBot = NonNullable<ReturnType<typeof createTelegramBot>>;
