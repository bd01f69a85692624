import type { Generated } from 'kysely';

export interface MeterTable {
  id: Generated<number>;
  locationId: number;
  name: string;
  type: 'electricity' | 'gas';
  netImportChannelId: number | null;
  netExportChannelId: number | null;
  createdAt: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    meter: MeterTable;
  }
}
