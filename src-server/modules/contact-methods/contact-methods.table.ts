import type { Generated, Selectable } from 'kysely';
import type { ContactMethodType } from '@/domain/contact-method';

/** A way to reach a user. Their account's own address is the EMAIL method with `target` '' (it follows the account). */
export interface ContactMethodTable {
  id: Generated<number>;
  userId: number;
  type: ContactMethodType;
  /** EMAIL: the address; '' for the account's own address. */
  target: string;
  createdAt: number;
}
export type ContactMethodRow = Selectable<ContactMethodTable>;

declare module '../../platform/db/schema' {
  interface Database {
    contactMethod: ContactMethodTable;
  }
}
