/** The energy rule form's values (texts, as inputs hold them) to and from the API's rule. */
import type { Priority } from '@/domain/alarm-dashboard';
import type { EnergyRule, EnergyRuleInput, EnergyRuleType } from '@/domain/energy-rule';
import { requestFieldErrors } from '~/lib/request-error';

export interface RuleValues {
  /** The rule's `name` (its own key: the location form on the same page has a field `name`). */
  ruleName: string;
  type: EnergyRuleType;
  enabled: boolean;
  meterId: string;
  dashboardId: string;
  priority: Priority;
  limitKw: string;
  from: string;
  to: string;
  channel: 'import' | 'export';
  minKwh: string;
  maxKwh: string;
  hours: string;
}

export const emptyValues = (meterId?: number, dashboardId?: number): RuleValues => ({
  ruleName: '',
  type: 'CAPACITY',
  enabled: true,
  meterId: meterId ? String(meterId) : '',
  dashboardId: dashboardId ? String(dashboardId) : '',
  priority: 'MEDIUM',
  limitKw: '',
  from: '01:00',
  to: '05:00',
  channel: 'import',
  minKwh: '',
  maxKwh: '',
  hours: '24',
});

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));

export const valuesOf = (r: EnergyRule): RuleValues => ({
  ...emptyValues(r.meterId, r.dashboardId),
  ruleName: r.name,
  type: r.type,
  enabled: r.enabled,
  priority: r.priority,
  limitKw: text(r.limitKw),
  from: r.from ?? '01:00',
  to: r.to ?? '05:00',
  channel: r.channel ?? 'import',
  minKwh: text(r.minKwh),
  maxKwh: text(r.maxKwh),
  hours: text(r.hours ?? 24),
});

/** '12,5' and '12.5' are both 12.5; an empty text is absent (NaN reaches the server as null and gets its message). */
const number = (s: string) => (s.trim() === '' ? NaN : Number(s.trim().replace(',', '.')));
const optional = (s: string) => (s.trim() === '' ? null : number(s));

/** The API's body for the rule: only the chosen type's fields. */
export function inputOf(v: RuleValues): EnergyRuleInput {
  const common = { name: v.ruleName, enabled: v.enabled, meterId: Number(v.meterId) || 0, dashboardId: Number(v.dashboardId) || 0, priority: v.priority };
  switch (v.type) {
    case 'CAPACITY':
      return { ...common, type: v.type, limitKw: number(v.limitKw) };
    case 'MONTHLY_PEAK':
      return { ...common, type: v.type };
    case 'BASE_LOAD':
      return { ...common, type: v.type, limitKw: number(v.limitKw), from: v.from, to: v.to };
    case 'DAILY_ENERGY':
      return { ...common, type: v.type, channel: v.channel, minKwh: optional(v.minKwh), maxKwh: optional(v.maxKwh) };
    case 'NO_DATA':
      return { ...common, type: v.type, hours: number(v.hours) };
  }
}

/** The limit lines the preview chart draws, in the chart's unit. */
export function limitLines(v: RuleValues): number[] {
  const values =
    v.type === 'DAILY_ENERGY' ? [optional(v.minKwh), optional(v.maxKwh)] : v.type === 'CAPACITY' || v.type === 'BASE_LOAD' ? [number(v.limitKw)] : [];
  return values.filter((n): n is number => n !== null && Number.isFinite(n));
}

/** The server's field errors under the form's keys (`name` or `rule.name` → `ruleName`). */
export function formFieldErrors(error: unknown): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(requestFieldErrors(error)).map(([key, messages]) => {
      const name = key.replace(/^rule\./, '');
      return [name === 'name' ? 'ruleName' : name, messages];
    }),
  );
}
