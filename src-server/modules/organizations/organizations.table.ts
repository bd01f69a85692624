import type { Generated } from 'kysely';

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  createdAt: number;
}
