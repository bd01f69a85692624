import { randomBytes } from 'node:crypto';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { countUsers, insertUser } from '../users/users.queries';
import { hashPassword } from '../users/passwords';

const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * When no user exists, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD or with a random
 * password. Returns the credentials to print once, or null when users already exist. Instances
 * starting together on one database make it once: the e-mail address is unique,
 * so the others' inserts fail and they find the admin there.
 */
export async function ensureFirstAdmin(db: DB, clock: Clock, email?: string, password?: string) {
  if ((await countUsers(db)) > 0) return null;
  const credentials = {
    email: email ?? DEFAULT_ADMIN_EMAIL,
    password: password ?? randomBytes(12).toString('base64url'),
    generated: !password,
  };
  try {
    await insertUser(db, {
      type: 'admin',
      email: credentials.email,
      fullName: 'Beheerder',
      passwordHash: await hashPassword(credentials.password),
      organizationId: null,
      createdAt: epochSeconds(clock),
      // A made-up password was printed to the log: its owner is asked to replace it.
      oneTimePassword: credentials.generated ? 1 : 0,
    });
  } catch (error) {
    if ((await countUsers(db)) > 0) return null;
    throw error;
  }
  return credentials;
}
