import type { Selectable } from 'kysely';

export interface SessionTable {
  id: string;
  userId: number;
  /** All tokens issued from one sign-in share a family; reuse of a refresh token revokes it. */
  familyId: string;
  kind: 'access' | 'refresh';
  secretHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** A spent refresh token: the pair its rotation gave, sealed with the spent token's secret (tokens.ts), for the grace window. */
  rotatedTo: string | null;
}
export type SessionRow = Selectable<SessionTable>;

declare module '../../platform/db/schema' {
  interface Database {
    session: SessionTable;
  }
}
