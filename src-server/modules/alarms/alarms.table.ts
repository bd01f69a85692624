import type { Generated, Selectable } from 'kysely';
import type { ResolutionBy } from '@/domain/alarm';
import type { Priority } from '@/domain/alarm-dashboard';
import type { ActorType, HistoryEvent } from '@/domain/alarm-lifecycle';

export interface AlarmTable {
  id: Generated<number>;
  dashboardId: number;
  folderId: number;
  line: string;
  priority: Priority;
  priorityRank: number;
  receivedAt: number;
  deadlineAt: number | null;
  seen: Generated<number>;
  notes: Generated<string>;
  data: Generated<string>;
  searchText: string;
  assigneeCount: Generated<number>;
  occurrences: Generated<number>;
  lastOccurredAt: number;
  groupKey: string | null;
  alarmEmailId: number | null;
  updatedAt: number;
  acknowledgedAt: number | null;
  /** Set exactly while the alarm is outside the relevant folders. */
  resolvedAt: number | null;
  resolutionBy: ResolutionBy | null;
  resolutionUserId: number | null;
  resolutionEmailId: number | null;
  previousAlarmId: number | null;
  /** The customer location the alarm is about, of the dashboard's organization. */
  locationId: Generated<number | null>;
}
export type AlarmRow = Selectable<AlarmTable>;

export interface AlarmAssigneeTable {
  alarmId: number;
  userId: number;
}

/** One change of an alarm, written in the transaction of the change. */
export interface AlarmHistoryTable {
  id: Generated<number>;
  alarmId: number;
  at: number;
  actorType: ActorType;
  actorId: number | null;
  actorName: string;
  event: HistoryEvent;
  /** JSON object: old/new values, folder labels, e-mail id, channel. */
  details: string;
}

declare module '../../platform/db/schema' {
  interface Database {
    alarmAssignee: AlarmAssigneeTable;
    alarmHistory: AlarmHistoryTable;
    alarm: AlarmTable;
  }
}
