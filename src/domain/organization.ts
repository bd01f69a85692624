/** Organizations: schemas and texts shared by the form, tRPC and REST. */
import * as v from 'valibot';
import { idSchema } from './common';
import { locationSchema } from './location';
import { optionalText, requiredText } from './text';

const ORGANIZATION_NAME_MAX = 128;

/** An organization id the caller may not see, or that does not exist (404, or a field error on input). */
export const ORGANIZATION_ABSENT = 'Deze organisatie bestaat niet.';

const name = requiredText(
  ORGANIZATION_NAME_MAX,
  'De naam van de organisatie moet worden opgegeven.',
  `De naam van de organisatie mag maximaal ${ORGANIZATION_NAME_MAX} tekens lang zijn.`,
);

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{4,30}$/;

/** How the firm is reached by its customers; each part may be empty (null or ''); an absent part keeps what is stored. */
export const contactSchema = v.object({
  phone: v.optional(
    v.pipe(
      optionalText(32, 'Het telefoonnummer mag maximaal 32 tekens lang zijn.'),
      v.check((s) => s === null || PHONE.test(s), 'Vul een telefoonnummer in met alleen cijfers, spaties, haakjes, streepjes en een + vooraan.'),
    ),
  ),
  email: v.optional(
    v.pipe(
      optionalText(254, 'Het e-mailadres mag maximaal 254 tekens lang zijn.'),
      v.check((s) => s === null || EMAIL.test(s), 'Vul een geldig e-mailadres in, zoals service@installateur.nl.'),
    ),
  ),
  hours: v.optional(optionalText(200, 'De bereikbaarheid mag maximaal 200 tekens lang zijn.')),
});
export type Contact = v.InferOutput<typeof contactSchema>;
export const contactFieldLabels = { phone: 'Telefoon', email: 'E-mail', hours: 'Bereikbaar' } as const;

export const createOrganizationSchema = v.object({ name, contact: v.optional(contactSchema) });
/** PATCH: the name and the contact block are each optional; absent keeps what is stored (also per part of the contact block). */
export const updateOrganizationSchema = v.object({ organizationId: idSchema, name: v.optional(name), contact: v.optional(contactSchema) });
export type UpdateOrganization = v.InferOutput<typeof updateOrganizationSchema>;
export type CreateOrganization = v.InferOutput<typeof createOrganizationSchema>;

export const contactOutputSchema = v.object({ phone: v.nullable(v.string()), email: v.nullable(v.string()), hours: v.nullable(v.string()) });
export const organizationSchema = v.object({ id: v.number(), name: v.string(), contact: contactOutputSchema, locations: v.array(locationSchema) });
export type Organization = v.InferOutput<typeof organizationSchema>;
