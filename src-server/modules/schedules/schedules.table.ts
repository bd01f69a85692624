import type { Generated, Selectable } from 'kysely';

/** An organization's on-call schedule (piketrooster). */
export interface ScheduleTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** A layer of a schedule: a rotation of users, in `position` order (a later layer wins). */
export interface ScheduleLayerTable {
  id: Generated<number>;
  scheduleId: number;
  position: number;
  name: string;
  /** JSON array of user ids in turn order. */
  users: string;
  /** Local 'YYYY-MM-DDTHH:mm' (Europe/Amsterdam): the first handoff, and the wall time of every next one. */
  start: string;
  shiftUnit: 'DAY' | 'WEEK';
  shiftCount: number;
  /** JSON array of `{days, from, to}`, or null for none (kept as given: absent or an empty list). */
  restrictions: string | null;
}
export type ScheduleLayerRow = Selectable<ScheduleLayerTable>;

/** Someone on call instead of the layers over [from, to) (UTC seconds). */
export interface ScheduleOverrideTable {
  id: Generated<number>;
  scheduleId: number;
  userId: number;
  from: number;
  to: number;
  createdBy: number | null;
  createdAt: number;
}

/** A user's secret calendar feed: the token's SHA-256 to find it, and the token sealed to show it again. */
export interface CalendarFeedTable {
  userId: number;
  tokenHash: string;
  tokenSealed: string;
  createdAt: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    schedule: ScheduleTable;
    scheduleLayer: ScheduleLayerTable;
    scheduleOverride: ScheduleOverrideTable;
    calendarFeed: CalendarFeedTable;
  }
}
