import type { Generated, Insertable, Selectable } from 'kysely';
import type { UserType } from '@/domain/user';

export interface UserTable {
  id: Generated<number>;
  type: UserType;
  email: string;
  fullName: string | null;
  passwordHash: string;
  organizationId: number | null;
  createdAt: number;
  /** 1 while the password is the one the product made up and printed at the first start. */
  oneTimePassword: Generated<number>;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;

export interface UserLocationTable {
  userId: number;
  locationId: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    userLocation: UserLocationTable;
    user: UserTable;
  }
}
