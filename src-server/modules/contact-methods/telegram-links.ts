/**
 * Linking a Telegram chat: the profile asks for a one-time code (valid 15 minutes, stored hashed,
 * a new one replaces the user's earlier ones) and the user sends `/start <code>` to the bot (the
 * t.me link does it in one tap). The bot's updates are read with `getUpdates` long polling; each
 * update is claimed by moving the stored offset past it in the transaction that handles it, so an
 * update is handled once even when two instances poll. The chat is answered in Dutch either way.
 */
import { createHash, randomInt } from 'node:crypto';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { loadUser } from '../users/users.queries';
import { insertMethod, methodsOfUser } from './contact-methods.queries';
import { telegramTarget } from './telegram-adapter';
import { TELEGRAM_NOT_SET_UP, type TelegramBot } from './telegram-bot';
import * as q from './telegram-links.queries';

export interface TelegramLinkDeps {
  db: DB;
  clock: Clock;
  telegram: TelegramBot | null;
}

const CODE_VALID_SECONDS = 15 * 60;
const CODE_LENGTH = 8;
/** No 0/O or 1/I: a code is read off a screen and may be typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const hash = (code: string) => createHash('sha256').update(code.toUpperCase()).digest('hex');

const LINK_HELP = 'Deze bot stuurt meldingen van Energiebeheer. Koppel deze chat via je profiel in Energiebeheer: stuur /start met de code die daar staat.';
const UNKNOWN_CODE = 'Deze code is onbekend of verlopen. Vraag op je profiel in Energiebeheer een nieuwe code aan en stuur /start <code>.';
const USED_CODE = 'Deze code is al gebruikt. Vraag op je profiel in Energiebeheer een nieuwe code aan.';
const linked = (name: string) => `Gekoppeld aan Energiebeheer als ${name}. Meldingen van escalaties komen vanaf nu ook in deze chat binnen.`;
const alreadyLinked = (name: string) => `Deze chat was al gekoppeld aan Energiebeheer als ${name}.`;

/** Whether the server has a bot, and its @name for the profile. */
export async function telegramSetup(deps: TelegramLinkDeps) {
  return deps.telegram ? { configured: true, botName: await deps.telegram.name() } : { configured: false, botName: null };
}

/** A new one-time code for the signed-in user (409 without a bot). */
export async function newLinkCode(deps: TelegramLinkDeps, user: User) {
  if (!deps.telegram) throw new AppError('CONFLICT', TELEGRAM_NOT_SET_UP);
  const botName = await deps.telegram.name();
  const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  const now = epochSeconds(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await q.dropUnusedCodes(trx, user.id);
    await q.insertCode(trx, { codeHash: hash(code), userId: user.id, createdAt: now, expiresAt: now + CODE_VALID_SECONDS });
  });
  return { code, botName, link: `https://t.me/${botName}?start=${code}`, expiresAt: isoFromSeconds(now + CODE_VALID_SECONDS)! };
}

interface TelegramChat {
  id: number;
  type: string;
  title?: string;
  username?: string;
  first_name?: string;
}
interface TelegramUpdate {
  update_id: number;
  message?: { message_id: number; text?: string; chat: TelegramChat };
}

const chatName = (chat: TelegramChat) => (chat.username ? `@${chat.username}` : (chat.first_name ?? chat.title ?? null));

/** What one message to the bot comes to, decided in the transaction that claimed it. */
async function answerTo(trx: DB, now: number, text: string, chat: TelegramChat): Promise<string> {
  const start = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text.trim());
  if (!start?.[1]) return LINK_HELP;
  const row = await q.findCode(trx, hash(start[1]));
  if (!row || row.expiresAt <= now) return UNKNOWN_CODE;
  if (row.usedAt !== null || !(await q.spendCode(trx, row.id, now))) return USED_CODE;
  const user = await loadUser(trx, row.userId);
  if (!user) return UNKNOWN_CODE;
  const name = user.fullName || user.email;
  const chatId = String(chat.id);
  const known = (await methodsOfUser(trx, user.id)).some((m) => m.type === 'TELEGRAM' && (JSON.parse(m.target) as { chatId: string }).chatId === chatId);
  if (known) return alreadyLinked(name);
  await insertMethod(trx, { userId: user.id, type: 'TELEGRAM', target: telegramTarget(chatId, chatName(chat)), createdAt: now });
  return linked(name);
}

/**
 * One `getUpdates` (waiting up to `waitSeconds` for news) and the handling of what it brought;
 * answers how many updates this instance handled. A failing Bot API throws (the job backs off).
 */
export async function pollUpdates(deps: TelegramLinkDeps, signal: AbortSignal, waitSeconds: number): Promise<number> {
  const bot = deps.telegram;
  if (!bot) return 0;
  const offset = await q.cursorOf(deps.db, bot.id);
  const answer = await bot.call<TelegramUpdate[]>('getUpdates', { offset, timeout: waitSeconds, allowed_updates: ['message'] }, signal, waitSeconds);
  if (!answer.ok) {
    if (signal.aborted) return 0;
    throw new AppError('BAD_GATEWAY', `Telegram getUpdates: ${answer.description}`, {
      retryAfterSeconds: 'retryAfterSeconds' in answer ? answer.retryAfterSeconds : undefined,
    });
  }
  let handled = 0;
  for (const update of [...answer.result].sort((a, b) => a.update_id - b.update_id)) {
    const now = epochSeconds(deps.clock);
    const reply = await deps.db.transaction().execute(async (trx) => {
      if (!(await q.claimUpdate(trx, bot.id, update.update_id))) return null;
      const message = update.message;
      return message?.text === undefined ? undefined : { chatId: message.chat.id, text: await answerTo(trx, now, message.text, message.chat) };
    });
    if (reply === null) continue;
    handled++;
    // The answer is a courtesy: a chat that cannot be answered is still linked.
    if (reply) await bot.call('sendMessage', { chat_id: reply.chatId, text: reply.text });
  }
  return handled;
}

/** Codes used or expired a day ago are dropped. */
export const sweepLinkCodes = (deps: Pick<TelegramLinkDeps, 'db' | 'clock'>) => q.deleteOldCodes(deps.db, epochSeconds(deps.clock) - 24 * 3600);
