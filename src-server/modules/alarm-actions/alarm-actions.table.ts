import type { Generated, Selectable } from 'kysely';
import type { AlarmAction } from '@/domain/alarm-action';

/** A one-time link for one person to act on one alarm; only the token's SHA-256 is kept. */
export interface ActionTokenTable {
  id: Generated<number>;
  tokenHash: string;
  alarmId: number;
  userId: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  action: AlarmAction | null;
}
export type ActionTokenRow = Selectable<ActionTokenTable>;

declare module '../../platform/db/schema' {
  interface Database {
    actionToken: ActionTokenTable;
  }
}
