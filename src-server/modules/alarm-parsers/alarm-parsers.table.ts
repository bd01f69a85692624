import type { Generated, Selectable } from 'kysely';

export interface AlarmParserTable {
  id: Generated<number>;
  dashboardId: number;
  name: string;
  position: number;
  enabled: Generated<number>;
  type: 'DEFAULT' | 'CUSTOM';
  sourceId: number | null;
  /** DEFAULT: the config as JSON; null for CUSTOM. */
  configJson: string | null;
  /** CUSTOM: the JavaScript; null for DEFAULT. */
  code: string | null;
  /** Why the product switched it off (it kept hitting its time limit); null otherwise. */
  disabledReason: string | null;
  createdAt: number;
  updatedAt: number;
}
export type AlarmParserRow = Selectable<AlarmParserTable>;

declare module '../../platform/db/schema' {
  interface Database {
    alarmParser: AlarmParserTable;
  }
}
