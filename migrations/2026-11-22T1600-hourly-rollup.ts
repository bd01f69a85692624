// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

/** Hourly sums per channel, kept with every write of measurements, so long ranges read 4× fewer rows. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table "measurementHour" (
    "channelId" integer not null references "channel"("id") on delete cascade,
    "ts" integer not null,
    "value" real not null,
    primary key ("channelId", "ts")
  ) without rowid`.execute(db);
  await sql`insert into "measurementHour" ("channelId", "ts", "value")
    select "channelId", "ts" - "ts" % 3600, sum("value") from "measurement" group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('measurementHour').execute();
}
