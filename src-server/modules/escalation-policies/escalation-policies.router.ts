/**
 * `/api/v1/alarms/…escalation-policies…`: a dashboard's escalation policies, where an alarm's
 * escalation stands, and who is on call now for the dashboard's first policy.
 */
import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import {
  createEscalationPolicySchema,
  escalationPolicySchema,
  escalationStateSchema,
  onCallNowSchema,
  updateEscalationPolicySchema,
} from '@/domain/escalation-policy';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import { notFound } from '../../platform/errors';
import {
  ALARMS,
  alarmAreaProcedure,
  dashboardProcedure,
  dashboardRowSettingsProcedure,
  dashboardSettingsProcedure,
} from '../alarm-dashboards/alarm-dashboards.procedures';
import { scopedProcedure } from '../../api/trpc/trpc';
import { findVisiblePolicy } from './escalation-policies.queries';
import type { PolicyDeps } from './escalation-policies.service';
import * as service from './escalation-policies.service';
import { escalationStates, onCallNow } from './escalation-state';

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    escalation: PolicyDeps;
  }
}

const dashboard = { params: { id: 'dashboardId' } };
const policy = { params: { id: 'policyId' } };

/** Input carries `policyId`, a policy of a dashboard the caller may change; `ctx.policy` is its row. */
const policySettingsProcedure = dashboardRowSettingsProcedure(
  'policyId',
  'policy',
  (ctx, id) => findVisiblePolicy(ctx.db, ctx.user, id),
  service.POLICY_ABSENT,
);
/** Input carries `policyId`, a policy of a dashboard the caller may open. */
const policyProcedure = scopedProcedure('policyId', 'policy', (ctx, id) => findVisiblePolicy(ctx.db, ctx.user, id), service.POLICY_ABSENT, alarmAreaProcedure);

export const escalationPoliciesRouter = router({
  list: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/escalation-policies`, "The dashboard's escalation policies, oldest first", dashboard))
    .output(v.array(escalationPolicySchema))
    .query(({ ctx, input }) => service.listPolicies(ctx, input.dashboardId)),
  create: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/escalation-policies`,
        'Add a policy: 1–5 steps (the first at 0 minutes, then later ones up to 1440), each with schedules, users or the dashboard’s users; repeat 0–3',
        { ...dashboard, status: 201 },
      ),
    )
    .input(createEscalationPolicySchema)
    .output(escalationPolicySchema)
    .mutation(({ ctx, input }) => service.createPolicy(ctx.escalation, input)),
  get: policyProcedure
    .meta(rest(`GET ${ALARMS}/escalation-policies/{id}`, 'One escalation policy', policy))
    .input(v.object({ policyId: idSchema }))
    .output(escalationPolicySchema)
    .query(({ ctx }) => service.toPolicy(ctx.policy)),
  update: policySettingsProcedure
    .meta(rest(`PATCH ${ALARMS}/escalation-policies/{id}`, "Change a policy's name, steps or repeat; what is left out keeps its value", policy))
    .input(updateEscalationPolicySchema)
    .output(escalationPolicySchema)
    .mutation(({ ctx, input }) => service.updatePolicy(ctx.escalation, ctx.policy, input)),
  delete: policySettingsProcedure
    .meta(
      rest(`DELETE ${ALARMS}/escalation-policies/{id}`, 'Delete a policy (409 while a notification rule escalates along it)', {
        ...policy,
        status: 204,
        errors: [409],
      }),
    )
    .mutation(({ ctx }) => service.deletePolicy(ctx, ctx.policy)),
  state: alarmAreaProcedure
    .meta(
      rest(`GET ${ALARMS}/alarms/{id}/escalation`, "Where the alarm's escalations stand: the step, who it reached, the next step's time or why it stopped", {
        params: { id: 'alarmId' },
      }),
    )
    .input(v.object({ alarmId: idSchema }))
    .output(v.array(escalationStateSchema))
    .query(async ({ ctx, input }) => {
      const states = await escalationStates(ctx.escalation, ctx.user, input.alarmId);
      if (!states) throw notFound('Dit alarm bestaat niet.');
      return states;
    }),
  onCall: dashboardProcedure
    .meta(
      rest(`GET ${ALARMS}/dashboards/{id}/on-call`, "Who is on call now on the first schedule of the dashboard's first policy; null without one", dashboard),
    )
    .output(onCallNowSchema)
    .query(({ ctx, input }) => onCallNow(ctx.escalation, input.dashboardId)),
});
