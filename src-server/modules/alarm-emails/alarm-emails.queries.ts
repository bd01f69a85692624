/** The inbox: stored e-mails of a dashboard, one e-mail, its parsing attempts. */
import { isoFromSeconds } from '../../clock';
import type { User } from '@/domain/user';
import { toListQuery } from '@/domain/paging';
import type { DB } from '../../db/database';
import { pageCount, pageWindow } from '../../db/listing';
import { visibleDashboardIds } from '../alarm-dashboards/alarm-dashboards.queries';

const addresses = (json: string) => JSON.parse(json) as { address: string; name: string }[];

export async function listEmails(
  db: DB,
  input: { dashboardId: number; page: number; size: number; sort: string; status?: 'PENDING' | 'MATCHED' | 'REJECTED' },
) {
  const list = toListQuery(input);
  let q = db.selectFrom('alarmEmail').where('dashboardId', '=', input.dashboardId);
  if (input.status) q = q.where('parsingStatus', '=', input.status);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'fromJson', 'toJson', 'readAt', 'parsedAt', 'subject', 'parsingStatus', 'receivedAt'])
    .orderBy('receivedAt', input.sort === 'receivedAt,asc' ? 'asc' : 'desc')
    .orderBy('id', input.sort === 'receivedAt,asc' ? 'asc' : 'desc')
    .limit(pageWindow(list).limit)
    .offset(pageWindow(list).offset)
    .execute();
  return {
    emails: rows.map((r) => ({
      id: r.id,
      from: addresses(r.fromJson),
      to: addresses(r.toJson),
      readAt: isoFromSeconds(r.readAt),
      parsedAt: isoFromSeconds(r.parsedAt),
      subject: r.subject,
      parsingStatus: r.parsingStatus,
      receivedAt: isoFromSeconds(r.receivedAt)!,
    })),
    totalNumberOfPages: pageCount(total, list),
  };
}

export async function findEmail(db: DB, user: User, id: number) {
  const r = await db.selectFrom('alarmEmail').selectAll().where('id', '=', id).where('dashboardId', 'in', visibleDashboardIds(db, user)).executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    readAt: isoFromSeconds(r.readAt),
    message: r.text,
    messageId: r.messageId,
    subject: r.subject,
    from: addresses(r.fromJson),
    to: addresses(r.toJson),
    parsedAt: isoFromSeconds(r.parsedAt),
    receivedAt: isoFromSeconds(r.receivedAt)!,
    sentAt: isoFromSeconds(r.sentAt),
    parsingStatus: r.parsingStatus,
    html: r.html,
    headers: JSON.parse(r.headersJson) as [string, string][],
    sourceId: r.sourceId,
    rawSize: r.rawSize,
    rejectedReason: r.rejectedReason,
  };
}

export async function attemptsOf(db: DB, emailId: number) {
  const rows = await db.selectFrom('parsingAttempt').selectAll().where('emailId', '=', emailId).orderBy('id').execute();
  return rows.map((a) => ({
    id: a.id,
    timestamp: isoFromSeconds(a.timestamp)!,
    parser: a.parserName === null ? null : { id: a.parserId, name: a.parserName },
    type: a.type,
    ...(a.type === 'FAILED' ? { exceptionType: a.exceptionType, exceptionMessage: a.exceptionMessage, exceptionStackTrace: a.exceptionStackTrace } : {}),
    ...(a.type === 'REJECTED' ? { reason: a.reason } : {}),
  }));
}
