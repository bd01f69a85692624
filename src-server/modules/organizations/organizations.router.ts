import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createOrganizationSchema, updateOrganizationSchema } from '@/domain/organization';
import { listQuerySchema } from '@/domain/paging';
import { adminProcedure, router, staffProcedure } from '../../trpc/trpc';
import * as service from './organizations.service';

const byId = v.object({ organizationId: idSchema });

/** Organization management is admin-only; installers may read their own (DESIGN.md §3). */
export const organizationsRouter = router({
  list: staffProcedure.input(listQuerySchema).query(({ ctx, input }) => service.listOrganizations(ctx.db, ctx.user, input)),
  withLocations: staffProcedure.query(({ ctx }) => service.organizationsWithLocations(ctx.db, ctx.user)),
  get: staffProcedure.input(byId).query(({ ctx, input }) => service.getOrganization(ctx.db, ctx.user, input.organizationId)),
  create: adminProcedure.input(createOrganizationSchema).mutation(({ ctx, input }) => service.createOrganization(ctx.db, ctx.user, input)),
  update: adminProcedure
    .input(updateOrganizationSchema)
    .mutation(({ ctx, input }) => service.renameOrganization(ctx.db, ctx.user, input.organizationId, input.name)),
  delete: adminProcedure.input(byId).mutation(({ ctx, input }) => service.deleteOrganization(ctx.db, ctx.user, input.organizationId)),
});
