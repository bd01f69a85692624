/**
 * Telegram as a contact method: `sendMessage` from the installation's bot to the person's chat, the
 * notice as HTML (escaped), with URL buttons "Bevestigen" (the action link's page, which asks before
 * it acts: URL buttons cannot POST) and "Openen" (the alarm). A chat that blocked the bot or no longer
 * exists is gone; 429 waits as long as Telegram says.
 */
import { escapeHtml } from '@/domain/text';
import { alarmNotice } from '../notifications/alarm-message';
import type { ContactAdapter, ContactAttempt } from './contact-adapter';
import { AppError } from '../../platform/errors';
import { TELEGRAM_NOT_SET_UP } from './telegram-bot';

interface TelegramTarget {
  chatId: string;
  /** Who the chat is (`@piet` or a first name) when it was linked with a code. */
  name: string | null;
}

export const telegramTarget = (chatId: string, name: string | null) => JSON.stringify({ chatId, name } satisfies TelegramTarget);
const parse = (target: string) => JSON.parse(target) as TelegramTarget;

function failed(status: number, description: string, retryAfterSeconds?: number): ContactAttempt {
  if (status === 403 || (status === 400 && /chat not found|user is deactivated/i.test(description))) {
    return { ok: false, retry: false, gone: true, error: `Telegram: deze chat is niet meer bereikbaar (${description}).` };
  }
  if (status === 0 || status === 429 || status >= 500) return { ok: false, retry: true, error: `Telegram: ${description}`, retryAfterSeconds };
  if (status === 401 || status === 404) return { ok: false, retry: false, error: 'Telegram weigert het bot-token; controleer TELEGRAM_BOT_TOKEN.' };
  return { ok: false, retry: false, error: `Telegram: ${description}` };
}

export const telegramAdapter: ContactAdapter<'TELEGRAM'> = {
  type: 'TELEGRAM',
  store(deps, input) {
    if (!deps.telegram) throw new AppError('CONFLICT', TELEGRAM_NOT_SET_UP);
    return telegramTarget(input.chatId, null);
  },
  describe(_deps, target) {
    const { chatId, name } = parse(target);
    return name ? `${name} (chat ${chatId})` : `chat ${chatId}`;
  },
  async send(deps, target, { alarm, actionUrl }) {
    if (!deps.telegram) return { ok: false, retry: false, error: TELEGRAM_NOT_SET_UP };
    const { chatId } = parse(target);
    const n = alarmNotice('created', alarm, deps.publicUrl, actionUrl);
    const text = [`<b>${escapeHtml(n.title)}</b>`, escapeHtml(n.intro), '', ...n.facts.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)].join('\n');
    const buttons = [...(n.actionUrl ? [{ text: 'Bevestigen', url: n.actionUrl }] : []), { text: 'Openen', url: n.url }];
    const message = { chat_id: chatId, parse_mode: 'HTML', link_preview_options: { is_disabled: true } };
    let answer = await deps.telegram.call('sendMessage', { ...message, text, reply_markup: { inline_keyboard: [buttons] } });
    // Telegram refuses buttons to addresses it deems not public (PUBLIC_URL left at localhost): the links go in the text instead.
    if (!answer.ok && answer.status === 400 && /button/i.test(answer.description)) {
      const links = buttons.map((b) => `${b.text}: ${escapeHtml(b.url)}`);
      answer = await deps.telegram.call('sendMessage', { ...message, text: [text, '', ...links].join('\n') });
    }
    if (answer.ok) return { ok: true, target: this.describe(deps, target) };
    return failed(answer.status, answer.description, 'retryAfterSeconds' in answer ? answer.retryAfterSeconds : undefined);
  },
};
