/**
 * What notifications need from the modules above them, declared here and wired in `services.ts`:
 * escalation policies start an escalation for a new alarm of an ESCALATION rule, and contact
 * methods reach one person (a notification row with `userId`) on one of their methods. Each new
 * kind of contact method is an adapter in the contact-methods module; nothing here changes.
 */
import type { DB } from '../../platform/db/database';
import type { AlarmFacts } from './alarm-message';
import type { Attempt } from './attempt';
import type { NotificationRow } from './notifications.table';

export interface EscalationStart {
  ruleId: number;
  policyId: number;
  alarmId: number;
  dashboardId: number;
  at: number;
}

/** What reaching a person needs of its notification row. */
export type PersonRow = Pick<NotificationRow, 'id' | 'userId' | 'contactMethodId'>;

export interface People {
  /** Starts the escalations of ESCALATION rules for new alarms, in the caller's transaction (once per rule and alarm). */
  startEscalations(trx: DB, starts: EscalationStart[]): Promise<void>;
  /** The dashboard of an escalation policy, undefined when there is none: a rule may only name its own dashboard's. */
  policyDashboard(db: DB, policyId: number): Promise<number | undefined>;
  /**
   * Reaches each row's person on the row's contact method about its alarm. What the batch needs is
   * read (and its action links made) before the answer: per row id, the send to start.
   */
  reachAll(items: { row: PersonRow; alarm: AlarmFacts }[]): Promise<Map<number, () => Promise<Reached>>>;
}

/** A person's attempt; `name` is for the history. */
export interface Reached {
  attempt: Attempt;
  name: string;
}
