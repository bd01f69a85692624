/** Mail sources as the API shows them (secrets never), the fetch job's and the IMAP watchers' reads and writes, and silent sources. */
import { isoFromSeconds } from '../../platform/clock';
import type { MailSource } from '@/domain/mail-source';
import type { User } from '@/domain/user';
import type { DB } from '../../platform/db/database';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';
import type { MailSourceChange, MailSourceRow, NewMailSource } from './mail-sources.table';

/** A source as answered; an SMTP source's address is its local part at the instance's `smtpDomain`. */
export const toSource = (r: MailSourceRow, smtpDomain: string): MailSource => ({
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
  smtpAddress: r.smtpLocalPart === null ? null : `${r.smtpLocalPart}@${smtpDomain}`,
  smtpAuth: r.type === 'SMTP' && r.secret !== null,
  status: { lastCheckedAt: isoFromSeconds(r.lastCheckedAt), lastError: r.lastError, messagesStored: r.messagesStored },
});

export const sourceRow = (db: DB, id: number) => db.selectFrom('mailSource').selectAll().where('id', '=', id).executeTakeFirst();

export async function sourcesOfDashboard(db: DB, dashboardId: number, smtpDomain: string) {
  return (await db.selectFrom('mailSource').selectAll().where('dashboardId', '=', dashboardId).orderBy('name').orderBy('id').execute()).map((r) =>
    toSource(r, smtpDomain),
  );
}

/** A new IMAP or Microsoft 365 source; its id. */
export const insertSource = (db: DB, values: NewMailSource) => db.insertInto('mailSource').values(values).returning('id').executeTakeFirstOrThrow();

/** Changed settings of a source. */
export async function updateSourceRow(db: DB, id: number, change: MailSourceChange) {
  await db.updateTable('mailSource').set(change).where('id', '=', id).execute();
}

export async function deleteSourceRow(db: DB, id: number) {
  await db.deleteFrom('mailSource').where('id', '=', id).execute();
}

/** The ids and names of the dashboard's sources, by name. */
export const sourceNamesOfDashboard = (db: DB, dashboardId: number) =>
  db.selectFrom('mailSource').select(['id', 'name']).where('dashboardId', '=', dashboardId).orderBy('name').orderBy('id').execute();

/** The dashboard's receiving addresses (SMTP sources), by name. */
export const smtpSourcesOfDashboard = (db: DB, dashboardId: number) =>
  db
    .selectFrom('mailSource')
    .select(['id', 'name', 'smtpLocalPart'])
    .where('dashboardId', '=', dashboardId)
    .where('type', '=', 'SMTP')
    .orderBy('name')
    .orderBy('id')
    .execute();

/** A new receiving address: a source of type SMTP with nothing of a mailbox. */
export const insertSmtpSource = (db: DB, values: { dashboardId: number; name: string; smtpLocalPart: string; secret: string | null; createdAt: number }) =>
  db
    .insertInto('mailSource')
    .values({ ...values, type: 'SMTP', folderId: null, pollIntervalSeconds: 60, silenceMinutes: null })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The SMTP source that receives at this local part (lower case), if any. */
export const smtpSourceByLocalPart = (db: DB, localPart: string) =>
  db.selectFrom('mailSource').selectAll().where('smtpLocalPart', '=', localPart).where('type', '=', 'SMTP').executeTakeFirst();

/** Mail received at an SMTP source, in the store's transaction: its count and its last contact. */
export function countReceivedMessages(db: DB, id: number, stored: number, at: number) {
  return db
    .updateTable('mailSource')
    .set((eb) => ({ messagesStored: eb('messagesStored', '+', stored), lastCheckedAt: at }))
    .where('id', '=', id)
    .execute();
}

/** Sources whose next fetch is due (a receiving address is never fetched: mail comes to it). */
export const dueSources = (db: DB, now: number) =>
  db
    .selectFrom('mailSource')
    .selectAll()
    .where('type', '!=', 'SMTP')
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

/** A receiving address (SMTP source) of a dashboard the user may open. */
export const findVisibleSmtpSource = (db: DB, user: User, id: number) =>
  db
    .selectFrom('mailSource')
    .selectAll()
    .where('id', '=', id)
    .where('type', '=', 'SMTP')
    .where('dashboardId', 'in', visibleDashboardIds(db, user))
    .executeTakeFirst();

/** What an IMAP source's watcher connects with, per IMAP source (imap/imap-watcher.ts restarts a watcher when it changes). */
export const imapSourceSettings = (db: DB) =>
  db
    .selectFrom('mailSource')
    .select(['id', 'imapHost', 'imapPort', 'imapSecure', 'imapUsername', 'imapInputFolder', 'secret'])
    .where('type', '=', 'IMAP')
    .execute();

/** A new e-mail of the source (source-silence.ts): its last e-mail moves. */
export async function setLastEmailAt(db: DB, id: number, at: number) {
  await db.updateTable('mailSource').set({ lastEmailAt: at }).where('id', '=', id).execute();
}

const silentSince = (db: DB) => db.fn.coalesce('lastEmailAt', 'createdAt');

/** Sources with a silence limit whose current silence has not raised yet (the caller checks the limit). */
export const unraisedSources = (db: DB) =>
  db
    .selectFrom('mailSource')
    .select(['id', 'dashboardId', 'name', 'folderId', 'silenceMinutes', silentSince(db).as('since')])
    .where('silenceMinutes', 'is not', null)
    .where((eb) => eb.or([eb('silenceRaisedFor', 'is', null), eb('silenceRaisedFor', '!=', silentSince(db))]))
    .execute();

/** Marks the silence since `since` as raised; false when it already was, or an e-mail came since. */
export async function claimSourceSilence(db: DB, sourceId: number, since: number) {
  const updated = await db
    .updateTable('mailSource')
    .set({ silenceRaisedFor: since })
    .where('id', '=', sourceId)
    .where(silentSince(db), '=', since)
    .where((eb) => eb.or([eb('silenceRaisedFor', 'is', null), eb('silenceRaisedFor', '!=', since)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** One source's sealed password or client secret, if any: the start-up check that SECRET_KEY still opens them. */
export const oneSealedSecret = async (db: DB) =>
  (await db.selectFrom('mailSource').select('secret').where('secret', 'is not', null).limit(1).executeTakeFirst())?.secret ?? undefined;
