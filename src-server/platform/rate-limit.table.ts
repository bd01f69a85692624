import type { Generated } from 'kysely';

/** One counted attempt under a key (`email:…`, `ip:…`); ids give the order of counting. `at` in UTC seconds. */
export interface AttemptTable {
  id: Generated<number>;
  key: string;
  at: number;
}
