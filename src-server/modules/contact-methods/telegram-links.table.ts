import type { Generated } from 'kysely';

/** A one-time code a user sends to the bot as `/start <code>` to link their chat; stored as SHA-256. */
export interface TelegramLinkCodeTable {
  id: Generated<number>;
  codeHash: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** The next `getUpdates` offset per bot (the numeric id in its token): updates before it were handled. */
export interface TelegramCursorTable {
  bot: string;
  nextOffset: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    telegramLinkCode: TelegramLinkCodeTable;
    telegramCursor: TelegramCursorTable;
  }
}
