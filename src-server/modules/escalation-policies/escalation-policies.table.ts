import type { Generated, Selectable } from 'kysely';

/** A dashboard's escalation policy; `steps` is the JSON of its steps (see src/domain/escalation-policy.ts). */
export interface EscalationPolicyTable {
  id: Generated<number>;
  dashboardId: number;
  name: string;
  steps: string;
  repeat: number;
  createdAt: number;
}
export type EscalationPolicyRow = Selectable<EscalationPolicyTable>;

export type StopReason = 'ACKNOWLEDGED' | 'RESOLVED' | 'MAINTENANCE' | 'DONE';

/** One rule's escalation of one alarm: how many steps went out and when the next is due (null: none will). */
export interface EscalationTable {
  id: Generated<number>;
  ruleId: number;
  policyId: number;
  alarmId: number;
  dashboardId: number;
  /** When the alarm was raised: every step's time counts from here. */
  startedAt: number;
  /** Steps sent so far, over all rounds. */
  sent: Generated<number>;
  dueAt: number | null;
  /** JSON `[{id, name}]`: who the last step reached. */
  lastUsers: Generated<string>;
  stoppedAt: number | null;
  stopReason: StopReason | null;
  stoppedBy: string | null;
}
export type EscalationRow = Selectable<EscalationTable>;

declare module '../../platform/db/schema' {
  interface Database {
    escalationPolicy: EscalationPolicyTable;
    escalation: EscalationTable;
  }
}
