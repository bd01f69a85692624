// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * On-call schedules per organization: layers (rotations with optional weekday/time restrictions,
 * kept as JSON), overrides, and each user's secret calendar feed (the token's SHA-256 for the
 * lookup, the token sealed with SECRET_KEY so its owner can see the address again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedule')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organizationId', 'integer', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', 'integer', (c) => c.notNull())
    .addUniqueConstraint('schedule_organization_name', ['organizationId', 'name'])
    .execute();
  await db.schema
    .createTable('scheduleLayer')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('scheduleId', 'integer', (c) => c.notNull().references('schedule.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('users', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('shiftUnit', 'text', (c) => c.notNull())
    .addColumn('shiftCount', 'integer', (c) => c.notNull())
    .addColumn('restrictions', 'text')
    .execute();
  await db.schema.createIndex('scheduleLayer_schedule').on('scheduleLayer').columns(['scheduleId', 'position']).execute();
  await db.schema
    .createTable('scheduleOverride')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('scheduleId', 'integer', (c) => c.notNull().references('schedule.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('from', 'integer', (c) => c.notNull())
    .addColumn('to', 'integer', (c) => c.notNull())
    .addColumn('createdBy', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scheduleOverride_schedule').on('scheduleOverride').columns(['scheduleId', 'to']).execute();
  await db.schema.createIndex('scheduleOverride_user').on('scheduleOverride').columns(['userId', 'to']).execute();
  await db.schema
    .createTable('calendarFeed')
    .addColumn('userId', 'integer', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('tokenSealed', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendarFeed').execute();
  await db.schema.dropTable('scheduleOverride').execute();
  await db.schema.dropTable('scheduleLayer').execute();
  await db.schema.dropTable('schedule').execute();
}
