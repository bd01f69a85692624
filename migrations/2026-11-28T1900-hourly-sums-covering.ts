// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable';

/**
 * PostgreSQL only: the hourly sums' key with the value beside it, so a range of one channel's hours
 * (a day of the location list, a channel-year per hour) is read from the index alone. SQLite keeps
 * that table in key order (`without rowid`), where the key's range is the rows themselves; on
 * PostgreSQL the primary key's index points into a heap where a channel's hours lie scattered, a
 * page visited per hour.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create index "measurementHour_covering" on "measurementHour" ("channelId", "ts") include ("value")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop index "measurementHour_covering"`.execute(db);
}
