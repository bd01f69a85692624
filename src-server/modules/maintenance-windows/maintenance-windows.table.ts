import type { Generated, Selectable } from 'kysely';

/** A planned outage of a dashboard: matching alarms raised inside it are resolved at once. */
export interface MaintenanceWindowTable {
  id: Generated<number>;
  dashboardId: number;
  from: number;
  to: number;
  /** Case-insensitive RE2 pattern against the alarm's key and line; null: every alarm. */
  match: string | null;
  note: string;
  createdBy: number | null;
  createdAt: number;
}
export type MaintenanceWindowRow = Selectable<MaintenanceWindowTable>;

declare module '../../platform/db/schema' {
  interface Database {
    maintenanceWindow: MaintenanceWindowTable;
  }
}
