/**
 * `/api/v1/locations/{id}/energy-rules…` and `/api/v1/energy-rules/{id}…`: admins
 * and the installers of the location's organization; customers never (403), a foreign id 404.
 */
import * as v from 'valibot';
import {
  energyPreviewSchema,
  energyRuleInputSchema,
  energyRuleSchema,
  locationSiteSchema,
  previewEnergyRuleSchema,
  previewUnsavedEnergyRuleSchema,
  updateEnergyRuleSchema,
} from '@/domain/energy-rule';
import { rest } from '../../api/trpc/rest-route';
import { router, scopedProcedure, staffProcedure } from '../../api/trpc/trpc';
import { notFound } from '../../platform/errors';
import { locationProcedure } from '../locations/locations.procedures';
import { findLocation } from '../locations/locations.queries';
import { findVisibleRule } from './energy-rules.queries';
import * as service from './energy-rules.service';
import { locationSite } from './location-site';
import type { EnergyDeps } from './energy-evaluation';
import { callerOf } from '../../platform/caller';

const V1 = '/api/v1';
const location = { params: { id: 'locationId' } };
const rule = { params: { id: 'ruleId' } };
const locationOf = staffProcedure;

/** Input carries `ruleId`, a rule of a location the caller manages; `ctx.rule` is its row. */
const ruleProcedure = scopedProcedure('ruleId', 'rule', (ctx, id) => findVisibleRule(ctx.db, ctx.user, id), service.RULE_ABSENT, staffProcedure).use(
  async ({ ctx, next }) => {
    const found = await findLocation(ctx.db, ctx.user, ctx.rule.locationId);
    if (!found) throw notFound(service.RULE_ABSENT);
    return next({ ctx: { ruleLocation: found } });
  },
);

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    energy: EnergyDeps;
  }
}

export const energyRulesRouter = router({
  list: locationProcedure(locationOf)
    .meta(rest(`GET ${V1}/locations/{id}/energy-rules`, "The location's energy rules", location))
    .output(v.array(energyRuleSchema))
    .query(({ ctx }) => service.listRules(ctx, ctx.location.id)),
  create: locationProcedure(locationOf)
    .meta(rest(`POST ${V1}/locations/{id}/energy-rules`, 'Create an energy rule; it looks back at most 7 days at once', { ...location, status: 201 }))
    .input(energyRuleInputSchema)
    .output(energyRuleSchema)
    .mutation(({ ctx, input }) => service.createRule(ctx, callerOf(ctx), ctx.location, input)),
  get: ruleProcedure
    .meta(rest(`GET ${V1}/energy-rules/{id}`, 'One energy rule', rule))
    .output(energyRuleSchema)
    .query(({ ctx }) => service.toRule(ctx.rule)),
  update: ruleProcedure
    .meta(rest(`PATCH ${V1}/energy-rules/{id}`, 'Change any of the fields of an energy rule (checked whole, as on create)', rule))
    .input(updateEnergyRuleSchema)
    .output(energyRuleSchema)
    .mutation(({ ctx, input }) => service.updateRule(ctx, callerOf(ctx), ctx.ruleLocation, ctx.rule, input)),
  delete: ruleProcedure
    .meta(rest(`DELETE ${V1}/energy-rules/{id}`, 'Delete an energy rule (its alarms stay)', { ...rule, status: 204 }))
    .mutation(({ ctx }) => service.deleteRule(ctx, ctx.rule)),
  preview: ruleProcedure
    .meta(rest(`POST ${V1}/energy-rules/{id}/preview`, 'The alarms the rule would have raised over local dates [from, to); nothing is stored', rule))
    .input(previewEnergyRuleSchema)
    .output(energyPreviewSchema)
    .mutation(({ ctx, input }) => service.previewSaved(ctx, callerOf(ctx), ctx.ruleLocation, ctx.rule, input)),
  previewUnsaved: locationProcedure(locationOf)
    .meta(rest(`POST ${V1}/locations/{id}/energy-rules/preview`, 'The alarms an unsaved rule would have raised over [from, to); nothing is stored', location))
    .input(previewUnsavedEnergyRuleSchema)
    .output(energyPreviewSchema)
    .mutation(({ ctx, input }) => service.previewUnsaved(ctx, callerOf(ctx), ctx.location, input.rule, input)),
  /** The location's page (tRPC only: not a documented REST path). */
  site: locationProcedure(locationOf)
    .output(locationSiteSchema)
    .query(({ ctx }) => locationSite(ctx, ctx.user, ctx.location.id)),
});
