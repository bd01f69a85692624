import type { Generated, Insertable } from 'kysely';
import type { UserTokenKind } from '@/domain/onboarding';

/** A one-time link of a user: an invitation or a password reset; only SHA-256 of the token is kept. */
export interface UserTokenTable {
  id: Generated<number>;
  userId: number;
  kind: UserTokenKind;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}
export type NewUserTokenRow = Insertable<UserTokenTable>;

declare module '../../platform/db/schema' {
  interface Database {
    userToken: UserTokenTable;
  }
}
