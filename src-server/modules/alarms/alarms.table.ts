import type { Generated, Selectable } from 'kysely';
import type { Priority } from '@/domain/alarm-dashboard';

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
}
export type AlarmRow = Selectable<AlarmTable>;

export interface AlarmAssigneeTable {
  alarmId: number;
  userId: number;
}
