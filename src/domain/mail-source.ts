/**
 * E-mail alarm sources: IMAP mailboxes, Microsoft 365 shared mailboxes, and receiving addresses
 * that devices mail straight to (type SMTP). Secrets are write-only: answers carry null; a PATCH
 * without them, or with null, keeps the stored one.
 */
import * as v from 'valibot';
import { idSchema } from './common';
import { requiredText } from './text';

/** Mailboxes the product fetches from; a receiving address (SMTP) is added as a mail address instead. */
export const SOURCE_TYPES = ['IMAP', 'MICROSOFT_GRAPH'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
const SOURCE_KINDS = [...SOURCE_TYPES, 'SMTP'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const sourceTypeLabels: Record<SourceKind, string> = { IMAP: 'IMAP', MICROSOFT_GRAPH: 'Microsoft 365', SMTP: 'E-mailadres (SMTP)' };

/** The longest silence a source may be watched for (a week), as a heartbeat. */
const SILENCE_MINUTES_MAX = 10_080;

const text = (max: number, missing: string, tooLong: string) => requiredText(max, missing, tooLong);
const secret = (missing: string) => v.pipe(v.string(missing), v.nonEmpty(missing), v.maxLength(512, 'Het geheim is te lang.'));

const common = {
  name: text(64, 'De naam van de bron moet worden opgegeven.', 'De naam van de bron mag maximaal 64 tekens lang zijn.'),
  folderId: v.optional(v.nullable(idSchema), null),
  pollIntervalSeconds: v.optional(
    v.pipe(
      v.number('Het interval moet een getal zijn.'),
      v.integer(),
      v.minValue(10, 'Het interval is minstens 10 seconden.'),
      v.maxValue(86400, 'Het interval is hoogstens een dag.'),
    ),
    60,
  ),
  /** No e-mail stored for this long raises an alarm; null or absent: never. */
  silenceMinutes: v.optional(
    v.nullable(
      v.pipe(
        v.number('De stiltegrens moet een getal zijn.'),
        v.integer('De stiltegrens is een geheel aantal minuten.'),
        v.minValue(1, `De stiltegrens ligt tussen 1 en ${SILENCE_MINUTES_MAX.toLocaleString('nl-NL')} minuten.`),
        v.maxValue(SILENCE_MINUTES_MAX, `De stiltegrens ligt tussen 1 en ${SILENCE_MINUTES_MAX.toLocaleString('nl-NL')} minuten (een week).`),
      ),
    ),
  ),
};

export const imapFields = {
  imapHost: v.pipe(
    text(255, 'De IMAP-server moet worden opgegeven.', 'De naam van de IMAP-server is te lang.'),
    v.regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, 'Geef een geldige servernaam of IP-adres.'),
  ),
  imapPort: v.pipe(
    v.number('De poort moet een getal zijn.'),
    v.integer('De poort moet een geheel getal zijn.'),
    v.minValue(1, 'De poort ligt tussen 1 en 65535.'),
    v.maxValue(65535, 'De poort ligt tussen 1 en 65535.'),
  ),
  imapSecure: v.boolean('Geef aan of TLS wordt gebruikt.'),
  imapUsername: text(255, 'De gebruikersnaam moet worden opgegeven.', 'De gebruikersnaam is te lang.'),
  imapInputFolder: text(255, 'De map moet worden opgegeven (meestal INBOX).', 'De naam van de map is te lang.'),
};
export const graphFields = {
  tenantId: text(64, 'De tenant id moet worden opgegeven.', 'De tenant id is te lang.'),
  clientId: text(64, 'De client id moet worden opgegeven.', 'De client id is te lang.'),
  sharedMailbox: v.pipe(
    text(254, 'De gedeelde mailbox moet worden opgegeven.', 'Het adres is te lang.'),
    v.email('Geef het e-mailadres van de gedeelde mailbox.'),
  ),
  inputFolder: text(255, 'De map moet worden opgegeven (bijvoorbeeld Inbox).', 'De naam van de map is te lang.'),
  readCategory: text(64, 'De categorie voor gelezen berichten moet worden opgegeven.', 'De categorie is te lang.'),
};

export const createSourceSchema = v.variant(
  'type',
  [
    v.object({ dashboardId: idSchema, type: v.literal('IMAP'), ...common, ...imapFields, imapPassword: secret('Het wachtwoord moet worden opgegeven.') }),
    v.object({
      dashboardId: idSchema,
      type: v.literal('MICROSOFT_GRAPH'),
      ...common,
      ...graphFields,
      clientSecret: secret('Het client secret moet worden opgegeven.'),
    }),
  ],
  'Het type moet IMAP of MICROSOFT_GRAPH zijn.',
);
export type CreateSource = v.InferOutput<typeof createSourceSchema>;

const optionalEntries = <T extends Record<string, v.GenericSchema>>(entries: T) =>
  Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, v.optional(s)])) as { [K in keyof T]: v.OptionalSchema<T[K], undefined> };

/** A PATCH: any field; the secret only when it changes (null or absent keeps it). */
export const updateSourceSchema = v.object({
  sourceId: idSchema,
  ...optionalEntries({ name: common.name, folderId: v.nullable(idSchema), pollIntervalSeconds: common.pollIntervalSeconds }),
  silenceMinutes: v.optional(common.silenceMinutes.wrapped),
  ...optionalEntries(imapFields),
  ...optionalEntries(graphFields),
  imapPassword: v.optional(v.nullable(secret('Het wachtwoord mag niet leeg zijn.'))),
  clientSecret: v.optional(v.nullable(secret('Het client secret mag niet leeg zijn.'))),
});
export type UpdateSource = v.InferOutput<typeof updateSourceSchema>;

const nullableString = v.nullable(v.string());
export const sourceSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: v.picklist(SOURCE_KINDS),
  folderId: v.nullable(v.number()),
  pollIntervalSeconds: v.number(),
  silenceMinutes: v.nullable(v.number()),
  imapHost: nullableString,
  imapPort: v.nullable(v.number()),
  imapSecure: v.nullable(v.boolean()),
  imapUsername: nullableString,
  imapPassword: v.null(),
  imapInputFolder: nullableString,
  clientId: nullableString,
  clientSecret: v.null(),
  tenantId: nullableString,
  sharedMailbox: nullableString,
  inputFolder: nullableString,
  readCategory: nullableString,
  /** SMTP: the receiving address, and whether a sender must sign in (AUTH PLAIN) to mail it. */
  smtpAddress: nullableString,
  smtpAuth: v.boolean(),
  status: v.object({ lastCheckedAt: nullableString, lastError: nullableString, messagesStored: v.number() }),
});
export type MailSource = v.InferOutput<typeof sourceSchema>;

export const sourceTestResultSchema = v.object({ ok: v.boolean(), message: v.string(), messageCount: v.optional(v.number()) });

/**
 * A receiving address: devices and monitoring tools mail it straight to the product. An optional
 * password makes senders sign in (AUTH PLAIN, user name the address itself).
 */
export const createMailAddressSchema = v.object({
  dashboardId: idSchema,
  name: common.name,
  password: v.optional(
    v.nullable(
      v.pipe(
        v.string('Het wachtwoord moet tekst zijn.'),
        v.minLength(12, 'Het wachtwoord is minstens 12 tekens lang.'),
        v.maxLength(128, 'Het wachtwoord is hoogstens 128 tekens lang.'),
      ),
    ),
  ),
});
export type CreateMailAddress = v.InferOutput<typeof createMailAddressSchema>;

export const mailAddressSchema = v.object({ id: v.number(), name: v.string(), address: v.string() });
export type MailAddress = v.InferOutput<typeof mailAddressSchema>;
