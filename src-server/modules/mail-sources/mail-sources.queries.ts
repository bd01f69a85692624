/** Mail sources as the API shows them (secrets never), and the fetch job's reads and writes. */
import { isoFromSeconds } from '../../platform/clock';
import type { MailSource } from '@/domain/mail-source';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { MailSourceRow } from './mail-sources.table';

export const toSource = (r: MailSourceRow): MailSource => ({
  id: r.id,
  name: r.name,
  type: r.type,
  folderId: r.folderId,
  pollIntervalSeconds: r.pollIntervalSeconds,
  silenceMinutes: r.silenceMinutes,
  imapHost: r.imapHost,
  imapPort: r.imapPort,
  imapSecure: r.imapSecure === null ? null : r.imapSecure === 1,
  imapUsername: r.imapUsername,
  imapPassword: null,
  imapInputFolder: r.imapInputFolder,
  clientId: r.clientId,
  clientSecret: null,
  tenantId: r.tenantId,
  sharedMailbox: r.sharedMailbox,
  inputFolder: r.inputFolder,
  readCategory: r.readCategory,
  status: { lastCheckedAt: isoFromSeconds(r.lastCheckedAt), lastError: r.lastError, messagesStored: r.messagesStored },
});

export const sourceRow = (db: DB, id: number) => db.selectFrom('mailSource').selectAll().where('id', '=', id).executeTakeFirst();

export async function sourcesOfDashboard(db: DB, dashboardId: number) {
  return (await db.selectFrom('mailSource').selectAll().where('dashboardId', '=', dashboardId).orderBy('name').orderBy('id').execute()).map(toSource);
}

/** Sources whose next fetch is due. */
export const dueSources = (db: DB, now: number) =>
  db
    .selectFrom('mailSource')
    .selectAll()
    .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]))
    .orderBy('nextAttemptAt')
    .execute();

export function recordSuccess(db: DB, id: number, at: number, next: number) {
  return db.updateTable('mailSource').set({ lastCheckedAt: at, lastError: null, failureCount: 0, nextAttemptAt: next }).where('id', '=', id).execute();
}

export function recordFailure(db: DB, id: number, message: string, failures: number, next: number) {
  return db.updateTable('mailSource').set({ lastError: message, failureCount: failures, nextAttemptAt: next }).where('id', '=', id).execute();
}

/**
 * The IMAP cursor and the stored count move with each stored batch, in its transaction. The
 * cursor never moves back (a "Nu ophalen" beside the scheduled fetch may finish later).
 */
export function advanceCursor(db: DB, id: number, cursor: { uidValidity: string; lastUid: number }, stored: number) {
  return db
    .updateTable('mailSource')
    .set((eb) => ({
      lastUid: eb
        .case()
        .when(eb.and([eb('uidValidity', '=', cursor.uidValidity), eb('lastUid', '>', cursor.lastUid)]))
        .then(eb.ref('lastUid'))
        .else(cursor.lastUid)
        .end(),
      uidValidity: cursor.uidValidity,
      ...(stored ? { messagesStored: eb('messagesStored', '+', stored) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}
/** Stored (not duplicate) messages count for the source, in the store's transaction. */
export function countStoredMessages(db: DB, id: number, stored: number) {
  return db
    .updateTable('mailSource')
    .set((eb) => ({ messagesStored: eb('messagesStored', '+', stored) }))
    .where('id', '=', id)
    .execute();
}

/** A source of a dashboard the user may open. */
export const findVisibleSource = (db: DB, user: User, id: number) =>
  db.selectFrom('mailSource').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();

/** One source's sealed password or client secret, if any: the start-up check that SECRET_KEY still opens them. */
export const oneSealedSecret = async (db: DB) =>
  (await db.selectFrom('mailSource').select('secret').where('secret', 'is not', null).limit(1).executeTakeFirst())?.secret ?? undefined;
