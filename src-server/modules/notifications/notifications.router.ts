/** `/api/v1/alarms/…notification-rules…` and `…notifications…`: rules, their test, the delivery list and retry. */
import * as v from 'valibot';
import { createRuleSchema, listNotificationsSchema, notificationPageSchema, ruleSchema, testAnswerSchema, updateRuleSchema } from '@/domain/notification';
import { toListQuery } from '@/domain/paging';
import { rest } from '../../api/trpc/rest-route';
import { router } from '../../api/trpc/trpc';
import {
  ALARMS,
  alarmAreaProcedure,
  dashboardRowSettingsProcedure,
  dashboardProcedure,
  dashboardSettingsProcedure,
} from '../alarm-dashboards/alarm-dashboards.procedures';
import { dashboardName } from '../alarm-dashboards/alarm-dashboards.queries';
import { NOTIFY_JOB } from './notifications.jobs';
import { findVisibleNotification } from './notifications.queries';
import * as service from './notifications.service';
import { findVisibleRule } from './notification-rules.queries';
import * as rules from './notification-rules.service';
import type { DeliveryDeps } from './delivery';
import type { createRuleTestLimit } from './rule-test-limit';

const dashboard = { params: { id: 'dashboardId' } };
const rule = { params: { id: 'ruleId' } };

/** Input carries `ruleId`, a rule of a dashboard the caller may change; `ctx.rule` is its row. */
const ruleSettingsProcedure = dashboardRowSettingsProcedure('ruleId', 'rule', (ctx, id) => findVisibleRule(ctx.db, ctx.user, id), rules.RULE_ABSENT);

/** Input carries `notificationId`, a notification of a dashboard the caller may change. */
const notificationSettingsProcedure = dashboardRowSettingsProcedure(
  'notificationId',
  'notification',
  (ctx, id) => findVisibleNotification(ctx.db, ctx.user, id),
  service.NOTIFICATION_ABSENT,
);

const wake = (ctx: { jobs: { runNow(name: string): Promise<unknown> } }) => void ctx.jobs.runNow(NOTIFY_JOB).catch(() => undefined);

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    notify: DeliveryDeps;
    ruleTestLimit: ReturnType<typeof createRuleTestLimit>;
  }
}

export const notificationsRouter = router({
  channels: alarmAreaProcedure
    .meta(rest(`GET ${ALARMS}/notification-channels`, 'Which channels this server can send on: `email` is false without SMTP_URL and SMTP_FROM'))
    .output(v.object({ email: v.boolean(), webhook: v.boolean() }))
    .query(({ ctx }) => ({ email: ctx.notify.mailer.configured, webhook: true })),
  rules: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/notification-rules`, "The dashboard's notification rules (webhook secrets answer null)", dashboard))
    .output(v.array(ruleSchema))
    .query(({ ctx, input }) => rules.listRules(ctx, input.dashboardId)),
  createRule: dashboardSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/dashboards/{id}/notification-rules`,
        'Add a rule: priorities, events, and a channel: e-mail, a signed webhook, Teams or Slack (their URLs answer masked), or an escalation',
        { ...dashboard, status: 201 },
      ),
    )
    .input(createRuleSchema)
    .output(ruleSchema)
    .mutation(({ ctx, input }) => rules.createRule(ctx, input)),
  updateRule: ruleSettingsProcedure
    .meta(
      rest(
        `PATCH ${ALARMS}/notification-rules/{id}`,
        "Change any of a rule's fields; the ones left out keep their values, a webhook without `secret` (or with null) keeps the stored one",
        rule,
      ),
    )
    .input(updateRuleSchema)
    .output(ruleSchema)
    .mutation(({ ctx, input }) => rules.updateRule(ctx, ctx.rule, input)),
  deleteRule: ruleSettingsProcedure
    .meta(rest(`DELETE ${ALARMS}/notification-rules/{id}`, 'Delete a rule and its notifications', { ...rule, status: 204 }))
    .mutation(({ ctx }) => rules.deleteRule(ctx, ctx.rule)),
  testRule: ruleSettingsProcedure
    .meta(
      rest(
        `POST ${ALARMS}/notification-rules/{id}/test`,
        'Send a test notification now (about a made-up HIGH alarm); `message` says how it went. At most 10 a minute per rule and 30 per user (429 with Retry-After)',
        { ...rule, errors: [429] },
      ),
    )
    .output(testAnswerSchema)
    .mutation(async ({ ctx }) => {
      await ctx.ruleTestLimit(ctx.rule.id, ctx.user.id);
      return service.testRule(ctx.notify, ctx.rule, await dashboardName(ctx.db, ctx.rule.dashboardId));
    }),
  list: dashboardProcedure
    .meta(rest(`GET ${ALARMS}/dashboards/{id}/notifications`, "The dashboard's notifications, newest first, optionally of one status", dashboard))
    .input(listNotificationsSchema)
    .output(notificationPageSchema)
    .query(({ ctx, input }) => service.listNotifications(ctx, input.dashboardId, input.status, toListQuery(input))),
  retry: notificationSettingsProcedure
    .meta(
      rest(`POST ${ALARMS}/notifications/{id}/retry`, 'Try a pending or failed notification again now (409 when it was sent)', {
        params: { id: 'notificationId' },
        status: 204,
        errors: [409],
      }),
    )
    .mutation(async ({ ctx }) => {
      await service.retry(ctx, ctx.notification);
      wake(ctx);
    }),
});
