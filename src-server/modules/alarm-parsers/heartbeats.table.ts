/** Signs of life per parser and key; the last one survives restarts. */
export interface HeartbeatTable {
  parserId: number;
  key: string;
  dashboardId: number;
  lastSeenAt: number;
  /** The sign of life whose silence raised an alarm: one alarm per silence. */
  silenceRaisedFor: number | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    heartbeat: HeartbeatTable;
  }
}
