import type { Generated, Selectable } from 'kysely';
import type { Priority } from '@/domain/alarm-dashboard';
import type { EnergyRuleType } from '@/domain/energy-rule';

export interface EnergyRuleTable {
  id: Generated<number>;
  locationId: number;
  meterId: number;
  dashboardId: number;
  name: string;
  enabled: number;
  priority: Priority;
  type: EnergyRuleType;
  /** The type's own fields as JSON (`EnergyRuleConfig`). */
  config: string;
  createdAt: number;
  /** The last evaluated point: data before it (UTC seconds) has been evaluated. */
  evaluatedUntil: number;
  /** The key of the NO_DATA alarm raised and not yet resolved by data. */
  noDataKey: string | null;
}
export type EnergyRuleRow = Selectable<EnergyRuleTable>;

declare module '../../platform/db/schema' {
  interface Database {
    energyRule: EnergyRuleTable;
  }
}
