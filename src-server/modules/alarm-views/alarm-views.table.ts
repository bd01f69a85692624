import type { Generated } from 'kysely';

/** A saved view: one user's named filter on one dashboard. */
export interface AlarmViewTable {
  id: Generated<number>;
  dashboardId: number;
  userId: number;
  name: string;
  /** JSON object of strings: the query parameters of the dashboard-wide list. */
  filter: string;
  createdAt: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    alarmView: AlarmViewTable;
  }
}
