import { ORGANIZATION_ABSENT } from '@/domain/organization';
import { OVERRIDE_ABSENT, SCHEDULE_ABSENT } from '@/domain/schedule';
import { scopedProcedure, staffProcedure } from '../../api/trpc/trpc';
import { findOrganization } from '../organizations/organizations.queries';
import { findVisibleOverride, findVisibleSchedule } from './schedules.queries';

/** Input carries `organizationId`, an organization the caller may see (admins all, an installer its own); else 404. */
export const scheduleOrganizationProcedure = scopedProcedure(
  'organizationId',
  'organization',
  (ctx, id) => findOrganization(ctx.db, ctx.user, id),
  ORGANIZATION_ABSENT,
  staffProcedure,
);

/** Input carries `scheduleId`, a schedule of an organization the caller may see; `ctx.schedule` is its row. */
export const scheduleProcedure = scopedProcedure(
  'scheduleId',
  'schedule',
  (ctx, id) => findVisibleSchedule(ctx.db, ctx.user, id),
  SCHEDULE_ABSENT,
  staffProcedure,
);

/** Input carries `overrideId`, an override of such a schedule; `ctx.override` is its row. */
export const overrideProcedure = scopedProcedure(
  'overrideId',
  'override',
  (ctx, id) => findVisibleOverride(ctx.db, ctx.user, id),
  OVERRIDE_ABSENT,
  staffProcedure,
);
