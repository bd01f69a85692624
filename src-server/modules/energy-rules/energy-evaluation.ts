/**
 * Evaluating energy rules against stored data: after each sync for the channels it
 * stored values on, hourly (and on save) for NO_DATA. Each rule keeps its last evaluated point;
 * moving it and raising the alarms happen in one transaction guarded on the point read, so a
 * re-sync, overlapping HUB windows, two runs at once or a restart never raise the same data twice.
 * Alarms go through the lifecycle's `raise()` (key `energy:<ruleId>:<period>`, actor SYSTEM named
 * after the rule) and their events through the ordinary bus: live console, counts, notifications.
 */
import type { EnergyRuleConfig } from '@/domain/energy-rule';
import type { Actor } from '@/domain/alarm-lifecycle';
import { addDays, localMidnight, todayLocal } from '@/lib/amsterdam';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { AlarmEvent, EventBus } from '../../platform/events/event-bus';
import { landingFolderId } from '../alarm-folders/alarm-folders.queries';
import { countsEvent, raiseMany, resolveKeys } from '../alarms/lifecycle';
import { setAlarmText } from '../alarms/alarms.queries';
import { intervalsOf, lastMeasurementTs } from '../measurement-store/measurement-store.queries';
import { type Hit, type Names, type RuleSpec, daysRange, evaluate, loadStart, noDataHit } from './evaluate';
import { type EvaluationRule, claimEvaluation, claimNoDataKey, evaluationRules } from './energy-rules.queries';

export interface EnergyDeps {
  db: DB;
  clock: Clock;
  events: EventBus;
}

/** A new rule, or one enabled again after long, looks back this many local days at most. */
const LOOK_BACK_DAYS = 7;
const QUARTER = 900;

export const lookBackStart = (clock: Clock) => localMidnight(addDays(todayLocal(clock()), -LOOK_BACK_DAYS));
/** Where the look-back starts for this rule: the first of those 7 days (for BASE_LOAD its window, a night included). */
const lookBackFrom = (config: EnergyRuleConfig, clock: Clock) => {
  const today = todayLocal(clock());
  return daysRange(config, addDays(today, -LOOK_BACK_DAYS), today).from;
};

export const specOf = (r: { id: number | null; priority: EvaluationRule['priority']; config: string | EnergyRuleConfig; type: string }): RuleSpec => ({
  id: r.id,
  priority: r.priority,
  config: typeof r.config === 'string' ? ({ type: r.type, ...JSON.parse(r.config) } as EnergyRuleConfig) : r.config,
});

export const namesOf = (r: { locationName: string; meterName: string; meterType: string }): Names => ({
  location: r.locationName,
  meter: r.meterName,
  unit: r.meterType === 'gas' ? 'm3' : 'kWh',
});

/** The channel a rule judges: the import channel, or the one a DAILY_ENERGY rule names. */
export function judgedChannel(config: EnergyRuleConfig, meter: { netImportChannelId: number | null; netExportChannelId: number | null }) {
  return config.type === 'DAILY_ENERGY' && config.channel === 'export' ? meter.netExportChannelId : meter.netImportChannelId;
}

const actorOf = (r: EvaluationRule): Actor => ({ type: 'SYSTEM', name: r.name });

async function raiseHits(trx: DB, at: number, r: EvaluationRule, hits: Hit[]) {
  if (hits.length === 0) return [];
  const folderId = await landingFolderId(trx, r.dashboardId, []);
  // The first quarter above the limit raises, the others of the period add occurrences: in one go.
  const raised = await raiseMany(
    trx,
    hits.map((h) => ({
      at,
      actor: actorOf(r),
      dashboardId: r.dashboardId,
      alarm: {
        line: h.line,
        priority: h.priority,
        data: h.data,
        deadlineAt: null,
        folderId,
        key: h.key,
        windowSeconds: null,
        alarmEmailId: null,
        locationId: r.locationId,
        occurrences: h.occurrences,
      },
    })),
  );
  // The day's (month's) highest quarter so far: an open alarm shows the newest figure.
  for (const [i, h] of hits.entries()) if (raised[i]!.grouped) await setAlarmText(trx, raised[i]!.alarmId, h.line, h.data, at);
  return raised.flatMap((x) => x.events);
}

/** Judges the rule's data that is new since its last evaluated point; answers the alarms raised or grouped. */
async function evaluateNewData(deps: EnergyDeps, r: EvaluationRule, now: number, publish: Publish): Promise<number> {
  const spec = specOf(r);
  const channelId = judgedChannel(spec.config, r);
  if (channelId === null) return 0;
  const last = await lastMeasurementTs(deps.db, channelId);
  if (last === null) return 0;
  const to = last + QUARTER;
  const from = Math.max(r.evaluatedUntil, lookBackFrom(spec.config, deps.clock));
  if (to <= from) return 0;
  const points = await intervalsOf(deps.db, channelId, loadStart(spec.config, from), to);
  const hits = evaluate(spec, namesOf(r), points, { from, to });
  const events = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimEvaluation(trx, r.id, r.evaluatedUntil, to))) return null;
    return raiseHits(trx, now, r, hits);
  });
  if (events?.length) publish(r.dashboardId, events);
  return events ? hits.length : 0;
}

/** NO_DATA: raises once per silence, and the first value that ends the silence resolves it. */
async function checkNoData(deps: EnergyDeps, r: EvaluationRule, now: number, publish: Publish): Promise<number> {
  const spec = specOf(r);
  if (spec.config.type !== 'NO_DATA') return 0;
  const hours = spec.config.hours;
  const channels = [r.netImportChannelId, r.netExportChannelId].filter((id): id is number => id !== null);
  const lasts = (await Promise.all(channels.map((id) => lastMeasurementTs(deps.db, id)))).filter((ts): ts is number => ts !== null);
  // Never any data: silence counts from the rule's creation.
  const lastEnd = lasts.length ? Math.max(...lasts) + QUARTER : r.createdAt;
  const silent = now - lastEnd > hours * 3600;
  if (silent && r.noDataKey === null) {
    const hit = noDataHit(spec, namesOf(r), lastEnd, now, hours);
    const events = await deps.db.transaction().execute(async (trx) => ((await claimNoDataKey(trx, r.id, null, hit.key)) ? raiseHits(trx, now, r, [hit]) : []));
    if (events.length) publish(r.dashboardId, events);
    return events.length ? 1 : 0;
  }
  if (!silent && r.noDataKey !== null) {
    const key = r.noDataKey;
    const events = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimNoDataKey(trx, r.id, key, null))) return [];
      return (await resolveKeys(trx, now, actorOf(r), r.dashboardId, [key], { by: 'SYSTEM' })).events;
    });
    if (events.length) publish(r.dashboardId, events);
  }
  return 0;
}

type Publish = (dashboardId: number, events: AlarmEvent[]) => void;

/**
 * Each rule commits on its own; the live events of a run go out per dashboard once it is done (one
 * wake-up of consoles and notifications instead of one per rule), one counts event per dashboard.
 */
async function evaluateRules(deps: EnergyDeps, rules: EvaluationRule[], signal?: AbortSignal) {
  const now = epochSeconds(deps.clock);
  const pending = new Map<number, AlarmEvent[]>();
  const publish: Publish = (dashboardId, events) =>
    pending.set(dashboardId, [...(pending.get(dashboardId) ?? []), ...events.filter((e) => e.event !== 'counts')]);
  let raised = 0;
  try {
    for (const r of rules) {
      if (signal?.aborted) break;
      try {
        raised += r.type === 'NO_DATA' ? await checkNoData(deps, r, now, publish) : await evaluateNewData(deps, r, now, publish);
      } catch (error) {
        // One broken rule never stops the others (nor the sync that called us).
        console.error(`Energieregel ${r.id} (${r.name}):`, error);
      }
    }
  } finally {
    for (const [dashboardId, events] of pending) deps.events.publish(dashboardId, [...events, countsEvent]);
  }
  return raised;
}

/** After a sync: the rules on meters whose channels got new values. Answers how many alarms were raised or grouped. */
export async function evaluateAfterSync(deps: EnergyDeps, channelIds: number[]) {
  if (channelIds.length === 0) return 0;
  return evaluateRules(deps, await evaluationRules(deps.db, { channelIds }));
}

/** One rule now (on save): its last 7 days, or its silence. */
export async function evaluateRule(deps: EnergyDeps, ruleId: number) {
  return evaluateRules(deps, await evaluationRules(deps.db, { ruleId }));
}

/** The hourly check: every NO_DATA rule. */
export async function checkAllNoData(deps: EnergyDeps, signal?: AbortSignal) {
  return evaluateRules(deps, await evaluationRules(deps.db, { type: 'NO_DATA' }), signal);
}
