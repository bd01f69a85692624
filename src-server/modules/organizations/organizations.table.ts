import type { Generated } from 'kysely';

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  createdAt: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    organization: OrganizationTable;
  }
}
