import type { Generated } from 'kysely';

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  createdAt: number;
  /** The contact block the organization's customers see. */
  contactPhone: string | null;
  contactEmail: string | null;
  contactHours: string | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    organization: OrganizationTable;
  }
}
