import type { Generated, Selectable } from 'kysely';
import type { Priority } from '@/domain/alarm-dashboard';

export interface AlarmDashboardTable {
  id: Generated<number>;
  name: string;
  organizationId: number;
  defaultFolderId: number | null;
  /** Where recoveries and maintenance send alarms (a folder that is not relevant). */
  resolvedFolderId: number | null;
  defaultPriority: Priority;
  brandingSha256: string | null;
  customizable: number;
  primary: string;
  primaryDark: string;
  secondary: string;
  secondaryDark: string;
  tertiary: string;
  tertiaryDark: string;
  createdAt: number;
}
export type AlarmDashboardRow = Selectable<AlarmDashboardTable>;

export interface BrandingImageTable {
  sha256: string;
  contentType: string;
  bytes: Buffer;
  createdAt: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    alarmDashboard: AlarmDashboardTable;
    brandingImage: BrandingImageTable;
  }
}
