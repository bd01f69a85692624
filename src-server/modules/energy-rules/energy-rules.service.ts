/**
 * Energy rules per location: create, read, change, delete and preview. A rule's
 * meter belongs to its location and its dashboard to the location's organization; a new or
 * changed rule is evaluated at once (its last 7 days, or its silence for NO_DATA).
 *
 * Decisions made here:
 * - PATCH takes any of the fields; the stored rule fills in the rest and the whole is checked as on
 *   create. A changed limit judges only data after the last evaluated point (no re-raise of the past).
 * - A preview judges data up to the newest stored value (NO_DATA: up to now), at most 366 days.
 *   A BASE_LOAD night belongs to the day it starts on: a preview's last day is judged once data
 *   reaches the end of its night (on the day after the period), the night before its first day not.
 */
import type { EnergyAlarm, EnergyRule, EnergyRuleConfig, EnergyRuleInput } from '@/domain/energy-rule';
import { PREVIEW_MAX_DAYS, energyRuleInputSchema } from '@/domain/energy-rule';
import type { Location } from '@/domain/location';
import type { Meter } from '@/domain/meter';
import type { User } from '@/domain/user';
import { daysBetween } from '@/lib/amsterdam';
import { epochSeconds, isoFromSeconds } from '../../platform/clock';
import { invalidField, invalidInput } from '../../platform/errors';
import { dashboardOrganizationId } from '../alarm-dashboards/alarm-dashboards.queries';
import { intervalsOf } from '../measurement-store/measurement-store.queries';
import { metersOfLocation } from '../meters/meters.queries';
import { type EnergyDeps, evaluateRule, judgedChannel, lookBackStart, namesOf, specOf } from './energy-evaluation';
import * as q from './energy-rules.queries';
import type { EnergyRuleRow } from './energy-rules.table';
import type { Caller } from '../../platform/caller';
import { type Point, type RuleSpec, daysRange, evaluate, loadStart } from './evaluate';

export const RULE_ABSENT = 'Deze energieregel bestaat niet.';

const COMMON = ['name', 'enabled', 'meterId', 'dashboardId', 'priority', 'type'] as const;

function split(input: EnergyRuleInput) {
  const { name, enabled, meterId, dashboardId, priority, ...config } = input;
  const { type, ...fields } = config;
  return { common: { name, enabled: enabled ? 1 : 0, meterId, dashboardId, priority, type }, config: config as EnergyRuleConfig, fields };
}

export function toRule(r: EnergyRuleRow): EnergyRule {
  return {
    id: r.id,
    locationId: r.locationId,
    name: r.name,
    enabled: r.enabled === 1,
    meterId: r.meterId,
    dashboardId: r.dashboardId,
    priority: r.priority,
    type: r.type,
    ...(JSON.parse(r.config) as object),
    createdAt: isoFromSeconds(r.createdAt)!,
  };
}

/** The rule's meter must be one of the location's; its dashboard one of the location's organization. */
async function checkReferences(deps: EnergyDeps, user: User, location: Location, input: EnergyRuleInput): Promise<Meter> {
  const meter = (await metersOfLocation(deps.db, user, location.id)).find((m) => m.id === input.meterId);
  if (!meter) throw invalidField('meterId', 'Deze meter hoort niet bij deze locatie.');
  if ((await dashboardOrganizationId(deps.db, input.dashboardId)) !== location.organizationId) {
    throw invalidField('dashboardId', 'Dit alarmdashboard hoort niet bij de organisatie van deze locatie.');
  }
  const config = split(input).config;
  if (config.type === 'DAILY_ENERGY' && config.channel === 'export' && !meter.netExportChannel) {
    throw invalidField('channel', 'Deze meter heeft geen exportkanaal.');
  }
  return meter;
}

export const listRules = async (deps: EnergyDeps, locationId: number) => (await q.rulesOfLocation(deps.db, locationId)).map(toRule);

export async function createRule(deps: EnergyDeps, caller: Caller, location: Location, input: EnergyRuleInput) {
  const { user } = caller;
  await checkReferences(deps, user, location, input);
  const { common, fields } = split(input);
  const { id } = await q.insertRule(deps.db, {
    ...common,
    locationId: location.id,
    config: JSON.stringify(fields),
    createdAt: epochSeconds(deps.clock),
    evaluatedUntil: lookBackStart(deps.clock),
    noDataKey: null,
  });
  await evaluateRule(deps, id);
  return toRule(await q.ruleById(deps.db, id));
}

export async function updateRule(deps: EnergyDeps, caller: Caller, location: Location, row: EnergyRuleRow, patch: Record<string, unknown>) {
  const { user } = caller;
  const current = toRule(row) as Record<string, unknown>;
  const given = Object.fromEntries(Object.entries(patch).filter(([k, value]) => k !== 'ruleId' && value !== undefined));
  // A change of type starts from the common fields only: the old type's fields do not carry over.
  const base = given.type !== undefined && given.type !== row.type ? Object.fromEntries(COMMON.map((k) => [k, current[k]])) : current;
  const result = await energyRuleInputSchema['~standard'].validate({ ...base, ...given });
  if (result.issues) throw invalidInput(result.issues);
  const input = result.value;
  await checkReferences(deps, user, location, input);
  const { common, fields } = split(input);
  await q.updateRule(deps.db, row.id, { ...common, config: JSON.stringify(fields) });
  await evaluateRule(deps, row.id);
  return toRule(await q.ruleById(deps.db, row.id));
}

export const deleteRule = (deps: EnergyDeps, row: EnergyRuleRow) => q.deleteRule(deps.db, row.id);

/** The alarms `spec` would raise over the local dates [from, to) of the meter's data; nothing is stored. */
async function previewSpec(
  deps: EnergyDeps,
  spec: RuleSpec,
  location: Location,
  meter: Meter,
  period: { from: string; to: string },
): Promise<{ alarms: EnergyAlarm[] }> {
  if (period.to <= period.from) throw invalidField('to', 'Het einde van de periode moet na het begin liggen.');
  if (daysBetween(period.from, period.to) > PREVIEW_MAX_DAYS) throw invalidField('to', `Een voorbeeld beslaat hoogstens ${PREVIEW_MAX_DAYS} dagen.`);
  const { from, to: end } = daysRange(spec.config, period.from, period.to);
  const meterRow = { netImportChannelId: meter.netImportChannel?.id ?? null, netExportChannelId: meter.netExportChannel?.id ?? null };
  const channels =
    spec.config.type === 'NO_DATA'
      ? [meterRow.netImportChannelId, meterRow.netExportChannelId].filter((id): id is number => id !== null)
      : [judgedChannel(spec.config, meterRow)].filter((id): id is number => id !== null);
  const points: Point[] = [];
  for (const id of channels) points.push(...(await intervalsOf(deps.db, id, loadStart(spec.config, from), end)));
  if (channels.length > 1) points.sort((a, b) => a.ts - b.ts);
  const dataEnd = points.length ? points[points.length - 1]!.ts + 900 : from;
  const to = spec.config.type === 'NO_DATA' ? Math.min(end, epochSeconds(deps.clock)) : Math.min(end, dataEnd);
  const names = namesOf({ locationName: location.name, meterName: meter.name, meterType: meter.type });
  const hits = evaluate(spec, names, points, { from, to });
  return { alarms: hits.map(({ line, priority, key, data }) => ({ line, priority, key, data })) };
}

export async function previewSaved(deps: EnergyDeps, caller: Caller, location: Location, row: EnergyRuleRow, period: { from: string; to: string }) {
  const { user } = caller;
  const meter = (await metersOfLocation(deps.db, user, location.id)).find((m) => m.id === row.meterId)!;
  return previewSpec(deps, specOf(row), location, meter, period);
}

export async function previewUnsaved(deps: EnergyDeps, caller: Caller, location: Location, rule: EnergyRuleInput, period: { from: string; to: string }) {
  const { user } = caller;
  const meter = await checkReferences(deps, user, location, rule).catch((error: { details?: { fieldErrors?: Record<string, string[]> } }) => {
    // The form's fields sit under `rule` in this call.
    const fieldErrors = error.details?.fieldErrors;
    if (!fieldErrors) throw error;
    const [[field, messages]] = Object.entries(fieldErrors) as [[string, string[]]];
    throw invalidField(`rule.${field}`, messages[0]!);
  });
  return previewSpec(deps, { id: null, priority: rule.priority, config: split(rule).config }, location, meter, period);
}
