/**
 * The source forms' values and their validation, built from the shared schemas of
 * `@/domain/mail-source` so the form says what the server would say. Inputs hold text (a port,
 * an interval, the chosen folder), so numbers are read from it before the shared check runs; an
 * empty secret on an edit means "keep the stored one".
 */
import * as v from 'valibot';
import { type MailSource, type SourceType, createSourceSchema, graphFields, imapFields, updateSourceSchema } from '@/domain/mail-source';

export type ImapValues = {
  name: string;
  imapHost: string;
  imapPort: string;
  imapSecure: boolean;
  imapUsername: string;
  imapPassword: string;
  imapInputFolder: string;
  folderId: string;
  pollIntervalSeconds: string;
  /** '' = no silence alarm */
  silenceMinutes: string;
};

type GraphValues = {
  name: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  sharedMailbox: string;
  inputFolder: string;
  readCategory: string;
  folderId: string;
  pollIntervalSeconds: string;
  /** '' = no silence alarm */
  silenceMinutes: string;
};

type SourceValues = ImapValues | GraphValues;

/** What the form holds: either type's values, by field name; the schema of the chosen type reads them. */
export type SourceFormValues = Record<string, string | boolean>;

const [imapCreate, graphCreate] = createSourceSchema.options;

/** Text read as a number; empty or not a number fails the shared schema's own "moet een getal zijn". */
const numberFromText = <S extends v.GenericSchema<number, number>>(schema: S) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === '' ? Number.NaN : Number(s))),
    schema,
  );

/** An empty secret on an edit keeps the stored one; a typed one is checked like the server does. */
const keptSecret = <K extends 'imapPassword' | 'clientSecret'>(key: K) =>
  v.pipe(
    v.string(),
    v.transform((s): string | null | undefined => (s === '' ? undefined : s)),
    updateSourceSchema.entries[key] as typeof updateSourceSchema.entries.imapPassword,
  );

const folderId = v.pipe(
  v.string(),
  v.transform((s) => (s === '' ? null : Number(s))),
);

/** Empty means "never warn" (null); otherwise checked like the server does. */
const silenceMinutes = v.pipe(
  v.string(),
  v.trim(),
  v.transform((s) => (s === '' ? null : Number(s))),
  v.unwrap(imapCreate.entries.silenceMinutes),
);

const common = {
  name: imapCreate.entries.name,
  folderId,
  pollIntervalSeconds: numberFromText(v.unwrap(imapCreate.entries.pollIntervalSeconds)),
  silenceMinutes,
};

const imapEntries = { ...common, ...imapFields, imapPort: numberFromText(imapFields.imapPort) };

export const sourceFormSchemas = {
  IMAP: {
    create: v.object({ ...imapEntries, imapPassword: imapCreate.entries.imapPassword }),
    edit: v.object({ ...imapEntries, imapPassword: keptSecret('imapPassword') }),
  },
  MICROSOFT_GRAPH: {
    create: v.object({ ...common, ...graphFields, clientSecret: graphCreate.entries.clientSecret }),
    edit: v.object({ ...common, ...graphFields, clientSecret: keptSecret('clientSecret') }),
  },
};

/** The form's values for a new source of this type (defaults: port 993 with TLS, INBOX, Inbox, 'Verwerkt', 60 s) or for an existing one. */
export function sourceDefaults(type: SourceType, source?: MailSource): SourceValues {
  const shared = {
    name: source?.name ?? '',
    folderId: source?.folderId ? String(source.folderId) : '',
    pollIntervalSeconds: String(source?.pollIntervalSeconds ?? 60),
    silenceMinutes: source?.silenceMinutes ? String(source.silenceMinutes) : '',
  };
  if (type === 'IMAP') {
    return {
      ...shared,
      imapHost: source?.imapHost ?? '',
      imapPort: String(source?.imapPort ?? 993),
      imapSecure: source?.imapSecure ?? true,
      imapUsername: source?.imapUsername ?? '',
      imapPassword: '',
      imapInputFolder: source?.imapInputFolder ?? 'INBOX',
    };
  }
  return {
    ...shared,
    tenantId: source?.tenantId ?? '',
    clientId: source?.clientId ?? '',
    clientSecret: '',
    sharedMailbox: source?.sharedMailbox ?? '',
    inputFolder: source?.inputFolder ?? 'Inbox',
    readCategory: source?.readCategory ?? 'Verwerkt',
  };
}

/** mailSource.create's input from valid form values. */
export const createInput = (dashboardId: number, type: SourceType, values: SourceFormValues) =>
  type === 'IMAP'
    ? { dashboardId, type, ...v.parse(sourceFormSchemas.IMAP.create, values) }
    : { dashboardId, type, ...v.parse(sourceFormSchemas.MICROSOFT_GRAPH.create, values) };

/** mailSource.update's input from valid form values: the secret only when typed. */
export const updateInput = (sourceId: number, type: SourceType, values: SourceFormValues) => ({
  sourceId,
  ...v.parse(sourceFormSchemas[type].edit, values),
});
