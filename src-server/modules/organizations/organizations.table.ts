import type { Generated, Selectable } from 'kysely';

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  createdAt: number;
}
export type OrganizationRow = Selectable<OrganizationTable>;
