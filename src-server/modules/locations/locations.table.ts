import type { Generated } from 'kysely';

export interface LocationTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  country: string;
  state: string;
  city: string;
  streetAddress: string;
  zipcode: string;
  unit: string | null;
  createdAt: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    location: LocationTable;
  }
}
