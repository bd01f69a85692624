import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { createOrganizationSchema, organizationSchema, updateOrganizationSchema } from '@/domain/organization';
import { listQuerySchema, pageSchema } from '@/domain/paging';
import { rest } from '../../api/trpc/rest-route';
import { adminProcedure, router, staffProcedure } from '../../api/trpc/trpc';
import * as service from './organizations.service';
import type { OrganizationDeps } from './organizations.service';
import { callerOf } from '../../platform/caller';

const byId = v.object({ organizationId: idSchema });
const id = { params: { id: 'organizationId' } };

/** Organization management is admin-only; installers may read their own. */

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    organizations: OrganizationDeps;
  }
}

export const organizationsRouter = router({
  list: staffProcedure
    .meta(rest('GET /api/organizations/list', 'Page through organizations (pageNumber 0-based, pageSize ≤ 100, query)'))
    .input(listQuerySchema)
    .output(pageSchema('organizations', organizationSchema))
    .query(({ ctx, input }) => service.listOrganizations(ctx.organizations, callerOf(ctx), input)),
  withLocations: staffProcedure
    .meta(rest('GET /api/organizations/with-locations', 'Every visible organization with its locations'))
    .output(v.array(organizationSchema))
    .query(({ ctx }) => service.organizationsWithLocations(ctx.organizations, callerOf(ctx))),
  get: staffProcedure
    .meta(rest('GET /api/organization/{id}', 'One organization with its locations', id))
    .input(byId)
    .output(organizationSchema)
    .query(({ ctx, input }) => service.getOrganization(ctx.organizations, callerOf(ctx), input.organizationId)),
  create: adminProcedure
    .meta(rest('PUT /api/organizations', 'Create an organization (admin)', { status: 201 }))
    .input(createOrganizationSchema)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => service.createOrganization(ctx.organizations, callerOf(ctx), input)),
  update: adminProcedure
    .meta(rest('PATCH /api/organization/{id}', 'Rename an organization or change its contact block {phone, email, hours} (admin)', id))
    .input(updateOrganizationSchema)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => service.updateOrganization(ctx.organizations, callerOf(ctx), input)),
  delete: adminProcedure
    .meta(
      rest('DELETE /api/organization/{id}', 'Delete an organization without locations or installers (admin); 409 otherwise', {
        ...id,
        status: 204,
        errors: [409],
      }),
    )
    .input(byId)
    .mutation(({ ctx, input }) => service.deleteOrganization(ctx.organizations, callerOf(ctx), input.organizationId)),
});
