/**
 * Contact methods: how a person is reached when an escalation asks for them. Every user has their
 * own e-mail address as a first method; more can be added.
 *
 * Decisions made here:
 * - The user's own address is a real method, made the first time the list is read or an
 *   escalation reaches them (`isDefault: true`, listed first). It always follows the account's
 *   address (a changed address needs no change here) and cannot be deleted (409).
 * - Only EMAIL can be added for now; any other `type` is refused with a Dutch message.
 */
import * as v from 'valibot';
import { idSchema } from './common';

const CONTACT_METHOD_TYPES = ['EMAIL'] as const;
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

export const createContactMethodSchema = v.variant('type', [emailMethod], 'Dit type contactmethode is nog niet beschikbaar; kies EMAIL.');
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
