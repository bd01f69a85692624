/**
 * Contact methods: how a person is reached when an escalation asks for them. Every user has their
 * own e-mail address as a first method; more can be added.
 *
 * Decisions made here:
 * - The user's own address is a real method, made the first time the list is read or an
 *   escalation reaches them (`isDefault: true`, listed first). It always follows the account's
 *   address (a changed address needs no change here) and cannot be deleted (409).
 * - WEB_PUSH takes the browser's `PushSubscription.toJSON()` as it is: an https endpoint of at
 *   most 1024 characters, the P-256 public key (65 bytes, uncompressed) and the 16-byte auth
 *   secret, both base64url (padding allowed and dropped).
 * - An ntfy method is the topic's URL (server and topic, as the ntfy app shows it) and an optional
 *   access token; the URL is shown back (it is the person's own), the token never.
 * - A Telegram method is a chat id; it is usually made by sending `/start <code>` to the bot.
 * - Only the types listed in `CONTACT_METHOD_TYPES` can be added; any other `type` is refused with a Dutch message.
 */
import * as v from 'valibot';
import { idSchema } from './common';

export const CONTACT_METHOD_TYPES = ['EMAIL', 'WEB_PUSH', 'NTFY', 'TELEGRAM'] as const;
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

/** A base64url key of exactly `bytes` bytes once decoded; '=' padding is dropped. */
const base64urlKey = (bytes: number, missing: string, wrong: string) =>
  v.pipe(
    v.string(missing),
    v.trim(),
    v.transform((s) => s.replace(/=+$/, '')),
    v.regex(/^[A-Za-z0-9_-]+$/, wrong),
    v.check((s) => Math.floor((s.length * 3) / 4) === bytes, wrong),
  );

const webPushMethod = v.object(
  {
    type: v.literal('WEB_PUSH'),
    subscription: v.object(
      {
        endpoint: v.pipe(
          v.string('Geef het adres (endpoint) van het abonnement op.'),
          v.trim(),
          v.maxLength(1024, 'Het adres van het abonnement is te lang.'),
          v.url('Het adres van het abonnement is geen geldige URL.'),
          v.startsWith('https://', 'Het adres van het abonnement moet met https:// beginnen.'),
        ),
        keys: v.object(
          {
            p256dh: base64urlKey(65, 'De sleutel p256dh ontbreekt.', 'De sleutel p256dh moet een P-256-sleutel van 65 bytes in base64url zijn.'),
            auth: base64urlKey(16, 'De sleutel auth ontbreekt.', 'De sleutel auth moet 16 bytes in base64url zijn.'),
          },
          'Geef de sleutels (p256dh en auth) van het abonnement op.',
        ),
      },
      'Geef het pushabonnement van de browser op.',
    ),
  },
  'Geef het pushabonnement van de browser op.',
);
export type WebPushSubscription = v.InferOutput<typeof webPushMethod>['subscription'];

/**
 * The browser replaced a push subscription (`pushsubscriptionchange` in the service worker): the
 * old endpoint names the stored method (it is a secret only the browser and this server know, so no
 * session is needed), the new subscription replaces it.
 */
export const pushSubscriptionChangeSchema = v.object({
  oldEndpoint: v.pipe(v.string('Geef het oude adres (endpoint) van het abonnement op.'), v.trim(), v.maxLength(1024, 'Het oude adres is te lang.')),
  subscription: webPushMethod.entries.subscription,
});
export type PushSubscriptionChange = v.InferOutput<typeof pushSubscriptionChangeSchema>;

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

const typeList = `${CONTACT_METHOD_TYPES.slice(0, -1).join(', ')} of ${CONTACT_METHOD_TYPES.at(-1)}`;
export const createContactMethodSchema = v.variant(
  'type',
  [emailMethod, webPushMethod, ntfyMethod, telegramMethod],
  `Onbekend type contactmethode; kies ${typeList}.`,
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

/** The server's VAPID public key (base64url), for `PushManager.subscribe({applicationServerKey})`. */
export const webPushKeySchema = v.object({ publicKey: v.string() });
/** What the profile needs to link a Telegram chat: whether the server has a bot, and its name. */
export const telegramSetupSchema = v.object({ configured: v.boolean(), botName: v.nullable(v.string()) });
/** A one-time code to send to the bot as `/start <code>`, and the t.me link that does it in one tap. */
export const telegramCodeSchema = v.object({ code: v.string(), link: v.string(), botName: v.string(), expiresAt: v.string() });
