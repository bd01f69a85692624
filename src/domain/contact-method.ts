/**
 * Contact methods: how a person is reached when an escalation asks for them. Every user has their
 * own e-mail address as a first method; more can be added.
 *
 * Decisions made here:
 * - The user's own address is a real method, made the first time the list is read or an
 *   escalation reaches them (`isDefault: true`, listed first). It always follows the account's
 *   address (a changed address needs no change here) and cannot be deleted (409).
 * - An ntfy method is the topic's URL (server and topic, as the ntfy app shows it) and an optional
 *   access token; the URL is shown back (it is the person's own), the token never.
 * - A Telegram method is a chat id; it is usually made by sending `/start <code>` to the bot.
 */
import * as v from 'valibot';
import { idSchema } from './common';

const CONTACT_METHOD_TYPES = ['EMAIL', 'NTFY', 'TELEGRAM'] as const;
export type ContactMethodType = (typeof CONTACT_METHOD_TYPES)[number];

const emailMethod = v.object({
  type: v.literal('EMAIL'),
  address: v.pipe(
    v.string('Geef een e-mailadres op.'),
    v.trim(),
    v.toLowerCase(),
    v.email('Geef een geldig e-mailadres op.'),
    v.maxLength(254, 'Het e-mailadres is te lang.'),
  ),
});

/** ntfy topics: letters, digits, `-` and `_`, at most 64 (as the ntfy server accepts them). */
const NTFY_TOPIC = /^[A-Za-z0-9_-]{1,64}$/;
/** The URL when it parses as http(s); the checks after the first leave others to it. */
const httpUrl = (s: string) => (URL.canParse(s) && /^https?:$/.test(new URL(s).protocol) ? new URL(s) : null);
const ntfyTopicOf = (url: URL) => url.pathname.split('/').filter(Boolean).at(-1);
const onUrl = (check: (url: URL) => boolean) => (s: string) => {
  const url = httpUrl(s);
  return url === null || check(url);
};
const ntfyMethod = v.object({
  type: v.literal('NTFY'),
  url: v.pipe(
    v.string('Geef de URL van je ntfy-topic op.'),
    v.trim(),
    v.nonEmpty('Geef de URL van je ntfy-topic op, bijvoorbeeld https://ntfy.sh/mijn-geheime-topic.'),
    v.maxLength(2048, 'De URL is te lang.'),
    v.check((s) => httpUrl(s) !== null, 'Geef een URL die met http:// of https:// begint.'),
    v.check(
      onUrl((u) => !u.username && !u.password),
      'Zet geen gebruikersnaam of wachtwoord in de URL; gebruik het token-veld.',
    ),
    v.check(
      onUrl((u) => !u.search && !u.hash),
      'De URL is de server met het topic, zonder ? of #.',
    ),
    v.check(
      onUrl((u) => ntfyTopicOf(u) !== undefined),
      'Zet het topic achter de server, bijvoorbeeld https://ntfy.sh/mijn-geheime-topic.',
    ),
    v.check(
      onUrl((u) => ntfyTopicOf(u) === undefined || NTFY_TOPIC.test(ntfyTopicOf(u)!)),
      'Een topic bestaat uit letters, cijfers, - en _ (hoogstens 64 tekens).',
    ),
    v.transform((s) => s.replace(/\/+$/, '')),
  ),
  token: v.optional(
    v.nullable(
      v.pipe(
        v.string('Het token moet tekst zijn.'),
        v.trim(),
        v.maxLength(256, 'Het token is te lang.'),
        v.regex(/^[\x21-\x7e]*$/, 'Het token bevat tekens die niet in een token horen.'),
        v.transform((s) => s || null),
      ),
    ),
  ),
});

/** A Telegram chat id: an integer (negative for groups), as a number or as text. */
const telegramMethod = v.object({
  type: v.literal('TELEGRAM'),
  chatId: v.pipe(
    v.union([v.pipe(v.number(), v.integer(), v.transform(String)), v.pipe(v.string(), v.trim())], 'Geef het chat-id van Telegram op.'),
    v.regex(/^-?\d{1,20}$/, 'Een chat-id van Telegram is een geheel getal.'),
  ),
});

export const createContactMethodSchema = v.variant(
  'type',
  [emailMethod, ntfyMethod, telegramMethod],
  'Onbekend type contactmethode; kies EMAIL, NTFY of TELEGRAM.',
);
export type CreateContactMethod = v.InferOutput<typeof createContactMethodSchema>;

export const contactMethodSchema = v.object({
  id: v.number(),
  type: v.picklist(CONTACT_METHOD_TYPES),
  address: v.string(),
  isDefault: v.boolean(),
  createdAt: v.string(),
});
export type ContactMethod = v.InferOutput<typeof contactMethodSchema>;

export const contactMethodIdSchema = v.object({ contactMethodId: idSchema });

/** What the profile needs to link a Telegram chat: whether the server has a bot, and its name. */
export const telegramSetupSchema = v.object({ configured: v.boolean(), botName: v.nullable(v.string()) });
/** A one-time code to send to the bot as `/start <code>`, and the t.me link that does it in one tap. */
export const telegramCodeSchema = v.object({ code: v.string(), link: v.string(), botName: v.string(), expiresAt: v.string() });
