// Frozen in time: never import application code here.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organization')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('location')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organizationId', 'integer', (c) => c.notNull().references('organization.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('streetAddress', 'text', (c) => c.notNull())
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('location_organization').on('location').column('organizationId').execute();

  await db.schema
    .createTable('user')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('admin', 'installer', 'customer')`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('fullName', 'text')
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('organizationId', 'integer', (c) => c.references('organization.id'))
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addCheckConstraint('installer_has_organization', sql`type <> 'installer' or "organizationId" is not null`)
    .execute();
  await db.schema.createIndex('user_organization').on('user').column('organizationId').execute();

  await db.schema
    .createTable('userLocation')
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('locationId', 'integer', (c) => c.notNull().references('location.id'))
    .addPrimaryKeyConstraint('userLocation_pk', ['userId', 'locationId'])
    .execute();
  await db.schema.createIndex('userLocation_location').on('userLocation').column('locationId').execute();

  // One row per access or refresh token (Lucia's session design): only a hash of the secret is kept.
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('familyId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn('secretHash', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'integer', (c) => c.notNull())
    .addColumn('usedAt', 'integer')
    .execute();
  await db.schema.createIndex('session_family').on('session').column('familyId').execute();
  await db.schema.createIndex('session_user').on('session').column('userId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['session', 'userLocation', 'user', 'location', 'organization']) {
    await db.schema.dropTable(table).execute();
  }
}
