import type { Generated, Selectable } from 'kysely';
import type { CountMode, FolderIcon } from '@/domain/alarm-folder';

export interface AlarmFolderTable {
  id: Generated<number>;
  dashboardId: number;
  name: string;
  label: string;
  icon: FolderIcon;
  position: number;
  countMode: CountMode;
  system: number;
  trash: number;
  relevant: number;
}
export type AlarmFolderRow = Selectable<AlarmFolderTable>;

declare module '../../platform/db/schema' {
  interface Database {
    alarmFolder: AlarmFolderTable;
  }
}
