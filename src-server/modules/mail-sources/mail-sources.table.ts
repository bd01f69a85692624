import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface MailSourceTable {
  id: Generated<number>;
  dashboardId: number;
  name: string;
  type: 'IMAP' | 'MICROSOFT_GRAPH' | 'SMTP';
  folderId: number | null;
  imapHost: string | null;
  imapPort: number | null;
  imapSecure: number | null;
  imapUsername: string | null;
  imapInputFolder: string | null;
  clientId: string | null;
  tenantId: string | null;
  sharedMailbox: string | null;
  inputFolder: string | null;
  readCategory: string | null;
  secret: string | null;
  pollIntervalSeconds: Generated<number>;
  uidValidity: string | null;
  lastUid: Generated<number>;
  lastCheckedAt: number | null;
  lastError: string | null;
  messagesStored: Generated<number>;
  failureCount: Generated<number>;
  nextAttemptAt: number | null;
  createdAt: number;
  /** No e-mail stored from the source for this long raises an alarm; null: never. */
  silenceMinutes: number | null;
  lastEmailAt: number | null;
  /** The `lastEmailAt` whose silence raised an alarm: one alarm per silence, across restarts. */
  silenceRaisedFor: number | null;
  /** SMTP: the receiving address's random local part (its domain is the instance's SMTP_DOMAIN). */
  smtpLocalPart: string | null;
}
export type MailSourceRow = Selectable<MailSourceTable>;
export type NewMailSource = Insertable<MailSourceTable>;
export type MailSourceChange = Updateable<MailSourceTable>;

declare module '../../platform/db/schema' {
  interface Database {
    mailSource: MailSourceTable;
  }
}
