/** Test helpers for the parser module: e-mails into the store, parsers through the API, the queue drained. */
import type * as v from 'valibot';
import type { parserConfigSchema } from '@/domain/alarm-parser';
import { type AlarmWorld, unreachableImap } from '../../testing/alarm-world';
import { storeIncomingMail } from '../alarm-emails/alarm-emails.store';
import { ALARM_PARSE_JOB } from './alarm-parsers.jobs';

let sequence = 0;

/** A plain-text message with a fresh Message-ID. */
export function rawMail(subject: string, body = '', from = 'GBS Priva <alarm@priva.example>') {
  sequence++;
  return Buffer.from(
    `From: ${from}\r\nTo: Storingen <storingen@example.nl>\r\nSubject: ${subject}\r\nMessage-ID: <test-${sequence}-${Date.now()}@example.nl>\r\nDate: Mon, 23 Nov 2026 10:00:00 +0100\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}

/** Stores a message now; `arrivedAt` (epoch seconds) is when its mailbox received it, as IMAP's INTERNALDATE says. */
export async function deliver(w: AlarmWorld, raw: Buffer, options: { dashboardId?: number; sourceId?: number | null; arrivedAt?: number } = {}) {
  const at = Math.floor(w.h.clock().getTime() / 1000);
  const mail = { dashboardId: options.dashboardId ?? w.dashA.id, sourceId: options.sourceId ?? null, raw, storedAt: at, arrivedAt: options.arrivedAt };
  const { id } = await storeIncomingMail(w.h.db, mail);
  return id;
}

/** Runs the parse job until the queue is empty. */
export const drain = (w: AlarmWorld) => w.h.jobs.runNow(ALARM_PARSE_JOB);

type Draft = { name: string; index?: number; enabled?: boolean; sourceId?: number | null; config: v.InferInput<typeof parserConfigSchema> };
export const addDefaultParser = (w: AlarmWorld, draft: Draft, dashboardId = w.dashA.id) =>
  w.callers.admin.alarmParser.create({ dashboardId, type: 'DEFAULT', enabled: true, sourceId: null, ...draft });
export const addCustomParser = (w: AlarmWorld, name: string, code: string, extra: { index?: number; enabled?: boolean } = {}) =>
  w.callers.admin.alarmParser.create({ dashboardId: w.dashA.id, type: 'CUSTOM', name, code, enabled: extra.enabled ?? true, index: extra.index });

export const attempts = (w: AlarmWorld, emailId: number) => w.callers.admin.alarmEmail.attempts({ emailId });
export const email = (w: AlarmWorld, emailId: number) => w.callers.admin.alarmEmail.get({ emailId });
export const alarmsIn = (w: AlarmWorld, folderId: number) =>
  w.callers.admin.alarm.list({ folderId, page: 0, size: 100, sort: 'receivedAt,asc' }).then((r) => r.alarms);

/** A mail source the tests never fetch from: it only gives e-mails a source. */
export const addMailSource = (w: AlarmWorld, name: string, extra: { dashboardId?: number; folderId?: number | null } = {}) =>
  w.callers.admin.mailSource.create({ dashboardId: extra.dashboardId ?? w.dashA.id, ...unreachableImap(name), folderId: extra.folderId ?? null });
