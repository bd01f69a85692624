/**
 * Contact methods: how a person is reached when an escalation asks for them. Every user has their
 * own e-mail address as a first method; more can be added.
 *
 * Decisions made here:
 * - The user's own address is a real method, made the first time the list is read or an
 *   escalation reaches them (`isDefault: true`, listed first). It always follows the account's
 *   address (a changed address needs no change here) and cannot be deleted (409).
 * - Only the types listed in `CONTACT_METHOD_TYPES` can be added; any other `type` is refused with a Dutch message.
 * - WEB_PUSH takes the browser's `PushSubscription.toJSON()` as it is: an https endpoint of at
 *   most 1024 characters, the P-256 public key (65 bytes, uncompressed) and the 16-byte auth
 *   secret, both base64url (padding allowed and dropped).
 */
import * as v from 'valibot';
import { idSchema } from './common';

export const CONTACT_METHOD_TYPES = ['EMAIL', 'WEB_PUSH'] as const;
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

const typeList = `${CONTACT_METHOD_TYPES.slice(0, -1).join(', ')} of ${CONTACT_METHOD_TYPES.at(-1)}`;
export const createContactMethodSchema = v.variant('type', [emailMethod, webPushMethod], `Dit type contactmethode is nog niet beschikbaar; kies ${typeList}.`);
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
