// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';
import { rawTypes, withoutRowid } from './portable';

export async function up(db: Kysely<any>): Promise<void> {
  // The local copy of a Meterbeheer HUB feed; `credentials` holds its encrypted secret fields.
  await db.schema
    .createTable('feed')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('meterKind', 'text', (c) => c.notNull().check(sql`"meterKind" in ('gas', 'electricity')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('verified', 'unverified')`))
    .addColumn('ean', 'text')
    .addColumn('postalCode', 'text')
    .addColumn('houseNumber', 'text')
    .addColumn('organizationId', 'integer', (c) => c.references('organization.id'))
    .addColumn('credentials', 'text')
    .addColumn('createTimestamp', 'integer', (c) => c.notNull())
    .addColumn('updateTimestamp', 'integer')
    .addColumn('lastSyncAt', 'integer')
    .addColumn('lastSuccessAt', 'integer')
    .addColumn('lastError', 'text')
    .addColumn('failureCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'integer')
    .execute();
  await db.schema.createIndex('feed_organization').on('feed').column('organizationId').execute();

  await db.schema
    .createTable('channel')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('feedUuid', 'text', (c) => c.notNull().references('feed.uuid').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('createTimestamp', 'integer', (c) => c.notNull())
    .addColumn('updateTimestamp', 'integer')
    // Earliest local date (YYYY-MM-DD) whose data has been asked for: the backfill cursor.
    .addColumn('dataFrom', 'text')
    .addUniqueConstraint('channel_feed_code', ['feedUuid', 'code'])
    .execute();

  // One value per channel and interval start (UTC seconds): the energy in that interval.
  const t = rawTypes(db);
  await sql`create table "measurement" (
    "channelId" ${t.integer} not null references "channel"("id") on delete cascade,
    "ts" ${t.integer} not null,
    "value" ${t.real} not null,
    primary key ("channelId", "ts")
  )${withoutRowid(db)}`.execute(db);

  await db.schema
    .createTable('meter')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('locationId', 'integer', (c) => c.notNull().references('location.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('electricity', 'gas')`))
    .addColumn('netImportChannelId', 'integer', (c) => c.references('channel.id'))
    .addColumn('netExportChannelId', 'integer', (c) => c.references('channel.id'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    // A gas meter needs an import channel when made; detaching its feed may leave it without one.
    .addCheckConstraint('gas_meter_has_no_export', sql`type <> 'gas' or "netExportChannelId" is null`)
    .execute();
  await db.schema.createIndex('meter_location').on('meter').column('locationId').execute();
  await db.schema.createIndex('meter_import').on('meter').column('netImportChannelId').execute();
  await db.schema.createIndex('meter_export').on('meter').column('netExportChannelId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['meter', 'measurement', 'channel', 'feed']) await db.schema.dropTable(table).execute();
}
