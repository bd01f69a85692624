// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable';

/**
 * PostgreSQL: every committed write to the tables a sign-in is read from (`session`, `user`,
 * `userLocation`) or to `measurement` is told on a channel per schema
 * (`energiebeheer_changes_<schema>`), so each instance's caches drop what changed
 * (src-server/db/change-notices.ts). Statement-level triggers call `pg_notify` inside the writing
 * transaction: the notice leaves on commit and not on rollback, whoever wrote (an instance, a
 * cascade, `psql`). A measurement write names its channels (`measurement:1,2`, or `measurement:*`
 * when too many for one payload). SQLite: nothing, one process writes the file and sees its writes.
 */
const SIGN_IN_TABLES = ['session', 'user', 'userLocation'];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`
    create function "energiebeheer_change_notice"() returns trigger language plpgsql as $$
    declare
      channel text := left('energiebeheer_changes_' || TG_TABLE_SCHEMA, 63);
      ids text;
    begin
      if TG_TABLE_NAME <> 'measurement' then
        perform pg_notify(channel, TG_TABLE_NAME);
        return null;
      end if;
      if TG_OP = 'DELETE' then
        select string_agg(distinct "channelId"::text, ',') into ids from old_rows;
      else
        select string_agg(distinct "channelId"::text, ',') into ids from new_rows;
      end if;
      if ids is null then
        return null;
      end if;
      perform pg_notify(channel, 'measurement:' || case when length(ids) > 7000 then '*' else ids end);
      return null;
    end $$`.execute(db);
  for (const table of SIGN_IN_TABLES) {
    await sql`create trigger ${sql.id(`${table}_change_notice`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function "energiebeheer_change_notice"()`.execute(db);
  }
  // A trigger with transition tables answers one kind of statement (PostgreSQL's rule).
  await sql`create trigger "measurement_insert_notice" after insert on "measurement" referencing new table as new_rows
    for each statement execute function "energiebeheer_change_notice"()`.execute(db);
  await sql`create trigger "measurement_update_notice" after update on "measurement" referencing new table as new_rows
    for each statement execute function "energiebeheer_change_notice"()`.execute(db);
  await sql`create trigger "measurement_delete_notice" after delete on "measurement" referencing old table as old_rows
    for each statement execute function "energiebeheer_change_notice"()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop function "energiebeheer_change_notice"() cascade`.execute(db);
}
