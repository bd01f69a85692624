import type { Generated } from 'kysely';

type ParsingStatus = 'PENDING' | 'MATCHED' | 'REJECTED';

export interface AlarmEmailTable {
  id: Generated<number>;
  dashboardId: number;
  sourceId: number | null;
  messageId: string | null;
  dedupeKey: string;
  /** When its mailbox received it (else when it was stored); alarms from it count from here. */
  receivedAt: number;
  storedAt: number;
  readAt: number | null;
  subject: string | null;
  fromJson: string;
  toJson: string;
  sentAt: number | null;
  text: string;
  html: string | null;
  headersJson: string;
  parsingStatus: ParsingStatus;
  parsedAt: number | null;
  rawGzip: Buffer | null;
  rawSize: number;
  rejectedReason: string | null;
  /** 1 while stored raw and not yet read by the mail reader (mail-reading.ts): hidden, not parsed. */
  contentPending: Generated<number>;
  /** The alarm this e-mail made or added an occurrence to (the id may outlive the alarm). */
  alarmId: Generated<number | null>;
}

export interface ParsingAttemptTable {
  id: Generated<number>;
  emailId: number;
  timestamp: number;
  parserId: number | null;
  parserName: string | null;
  type: 'MATCHED' | 'FAILED' | 'REJECTED';
  exceptionType: string | null;
  exceptionMessage: string | null;
  exceptionStackTrace: string | null;
  reason: string | null;
  /** A recovery: how many open alarms this MATCHED attempt resolved. */
  resolved: number | null;
  /** A sign of life: the heartbeat key this MATCHED attempt renewed. */
  heartbeatKey: string | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    alarmEmail: AlarmEmailTable;
    parsingAttempt: ParsingAttemptTable;
  }
}
