/**
 * The monthly mail to a location's customers (for locations that opted in): on the first working
 * day of the month (Mon–Fri, not a Dutch public holiday) from 08:00 Amsterdam time until that
 * day's end, about the month before. Each location's mail of a month is claimed in the database
 * before it is sent and marked when it went out, so restarts and several instances send it once;
 * a failed send is tried again on the next run that day, only to the customers it did not reach.
 */
import { previousMonth } from '@/domain/customer-view';
import { locationSelector } from '@/domain/dashboard';
import { addDays, localDate, localMidnight, localToUtc } from '@/lib/amsterdam';
import { firstWorkingDay } from '@/lib/working-days';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { defineJob } from '../../platform/jobs/job';
import { locationsWithMonthlyMail } from '../locations/locations.queries';
import { customersOfLocation, loadUser } from '../users/users.queries';
import { claimMonthlyMail, markMonthlyMail, monthlyMailRecord } from './customer-views.queries';
import { monthReportOf } from './customer-views.service';
import { monthlyMail } from './monthly-mail';

export const MONTHLY_MAIL_JOB = 'customer-monthly-mail';
/** A claim older than this without an outcome belongs to a run that died: another run takes it over. */
const STALE_CLAIM_SECONDS = 3600;
/** Within the day the mail is due, failed sends are tried again this often. */
const RETRY_SECONDS = 600;

export interface MonthlyMailDeps {
  db: DB;
  clock: Clock;
  publicUrl: string;
  /** Names this instance in the claims. */
  instanceId: string;
  mailer: {
    configured: boolean;
    messageId(local: string): string;
    send(mail: {
      to: string[];
      subject: string;
      text: string;
      html: string;
      messageId: string;
      threadRoot: null;
    }): Promise<{ ok: true } | { ok: false; error: string }>;
  };
}

const nextMonth = (month: string) => addDays(`${month}-01`, 32).slice(0, 7);
const sendMoment = (month: string) => localToUtc(`${firstWorkingDay(month)}T08:00`);

/** Whether `now` is inside this month's sending day (from 08:00), and when the next sending moment after it is. */
function monthlyMailSchedule(now: number) {
  const month = localDate(now).slice(0, 7);
  const start = sendMoment(month);
  const end = localMidnight(addDays(firstWorkingDay(month), 1));
  return { due: now >= start && now < end, month: previousMonth(`${month}-01`), next: now < start ? start : sendMoment(nextMonth(month)) };
}

export async function sendMonthlyMails(deps: MonthlyMailDeps) {
  const now = epochSeconds(deps.clock);
  const { due, month } = monthlyMailSchedule(now);
  if (!due) return { skipped: 'Vandaag is niet de eerste werkdag van de maand (vanaf 08:00).' };
  let sent = 0;
  const failures: string[] = [];
  for (const location of await locationsWithMonthlyMail(deps.db)) {
    if (!(await claimMonthlyMail(deps.db, location.id, month, deps.instanceId, now, now - STALE_CLAIM_SECONDS))) continue;
    const outcome = await sendOne(deps, location, month);
    sent += outcome.sent;
    if (outcome.error) failures.push(`${location.name}: ${outcome.error}`);
  }
  return { month, sent, failures };
}

async function sendOne(deps: MonthlyMailDeps, location: Awaited<ReturnType<typeof locationsWithMonthlyMail>>[number], month: string) {
  const { db } = deps;
  const record = await monthlyMailRecord(db, location.id, month);
  const reached = new Set<number>(JSON.parse(record?.reached ?? '[]') as number[]);
  const recipients = (await customersOfLocation(db, location.id)).filter((r) => !reached.has(r.id));
  const scope = recipients[0] && (await loadUser(db, recipients[0].id));
  let error: string | null = null;
  let sent = 0;
  if (scope) {
    if (!deps.mailer.configured) error = 'Er is geen SMTP-server ingesteld (SMTP_URL en SMTP_FROM).';
    else {
      const report = await monthReportOf(deps, { user: scope }, location, month, location.customerView === 'SUMMARY');
      const url = `${deps.publicUrl.replace(/\/$/, '')}/app/dashboard/${locationSelector(location)}/maandrapport?month=${month}`;
      for (const recipient of recipients) {
        const mail = monthlyMail(report, recipient, url);
        const result = await deps.mailer.send({
          ...mail,
          to: [recipient.email],
          messageId: deps.mailer.messageId(`maandoverzicht-${location.id}-${month}-${recipient.id}`),
          threadRoot: null,
        });
        if (result.ok) {
          reached.add(recipient.id);
          sent += 1;
        } else error = result.error;
      }
    }
  }
  await markMonthlyMail(db, location.id, month, { sentAt: error ? null : epochSeconds(deps.clock), reached: JSON.stringify([...reached]), error });
  return { sent, error };
}

export const customerViewJobs = (deps: MonthlyMailDeps) => [
  defineJob({
    name: MONTHLY_MAIL_JOB,
    intervalSeconds: () => {
      const now = epochSeconds(deps.clock);
      const { due, next } = monthlyMailSchedule(now);
      // Looked at again at least daily, so a changed clock or a long sleep cannot skip a month.
      return due ? RETRY_SECONDS : Math.max(60, Math.min(next - now, 86_400));
    },
    run: () => sendMonthlyMails(deps),
  }),
];
