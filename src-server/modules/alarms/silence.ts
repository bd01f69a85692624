/**
 * Silence alarms: a parser's key or a mail source that stays quiet too
 * long raises one SYSTEM alarm, and its next sign of life resolves it (RECOVERY). Heartbeats
 * (alarm-parsers) and silent sources (mail-sources) both come here; each keeps its own last sign of
 * life and marks the silence it raised for, so a silence raises once, also across restarts.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Actor } from '@/domain/alarm-lifecycle';
import { TIME_ZONE } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import type { AlarmEvent } from '../../platform/events/event-bus';
import { dashboardDefaults } from '../alarm-dashboards/alarm-dashboards.queries';
import { landingFolderId } from '../alarm-folders/alarm-folders.queries';
import { raise, resolveKeys } from './lifecycle';

const SYSTEM: Actor = { type: 'SYSTEM', name: 'Stiltebewaking' };

/** `dd-MM HH:mm` in Amsterdam: when the last sign of life came. */
export const silenceSince = (seconds: number) => format(new TZDate(seconds * 1000, TIME_ZONE), 'dd-MM HH:mm');

export interface Silence {
  dashboardId: number;
  key: string;
  line: string;
  /** Where the alarm lands: the first of these folders that exists, else the dashboard's default. */
  folderIds: readonly (number | null)[];
  /**
   * Marks this silence as raised, guarded on it not being marked yet (and on no sign of life since
   * it was read); false when another run or a sign of life came first. Runs in the raising transaction.
   */
  claim: (trx: DB) => Promise<boolean>;
}

/** Raises the silence's alarm once, in the caller's transaction (the dashboard's default priority); answers the events. */
export async function raiseSilenceOnce(trx: DB, at: number, silence: Silence): Promise<AlarmEvent[]> {
  if (!(await silence.claim(trx))) return [];
  const { defaultPriority } = await dashboardDefaults(trx, silence.dashboardId);
  const folderId = await landingFolderId(trx, silence.dashboardId, silence.folderIds);
  const raised = await raise(trx, at, SYSTEM, silence.dashboardId, {
    line: silence.line,
    priority: defaultPriority,
    data: {},
    deadlineAt: null,
    folderId,
    key: silence.key,
    windowSeconds: null,
    alarmEmailId: null,
  });
  return raised.events;
}

/** A sign of life (the e-mail `emailId`) resolves the silence's open alarm, in the caller's transaction. */
export const endSilence = (trx: DB, at: number, actor: Actor, dashboardId: number, key: string, emailId: number) =>
  resolveKeys(trx, at, actor, dashboardId, [key], { by: 'RECOVERY', alarmEmailId: emailId });
