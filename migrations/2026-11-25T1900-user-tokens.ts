// Frozen in time: never import application code here.
import type { Kysely } from 'kysely';

/**
 * One-time links: an invitation (72 h) or a password reset (1 h) for a user. Only
 * SHA-256 of the token is kept, as for sessions; `usedAt` makes a link work once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('userToken')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'integer', (c) => c.notNull())
    .addColumn('usedAt', 'integer')
    .execute();
  await db.schema.createIndex('userToken_user').on('userToken').column('userId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('userToken').execute();
}
