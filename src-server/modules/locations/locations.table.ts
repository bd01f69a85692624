import type { Generated } from 'kysely';
import type { CustomerView } from '@/domain/location';

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
  customerView: Generated<CustomerView>;
  /** 0/1: the location's customers get the monthly mail. */
  monthlyMail: Generated<number>;
}

declare module '../../platform/db/schema' {
  interface Database {
    location: LocationTable;
  }
}
