/**
 * tRPC init and the procedure tiers (DESIGN.md §3): public, signed in, staff (admin area),
 * admin, organization-scoped and location-scoped. AppError is turned into a TRPCError here once.
 */
import { initTRPC } from '@trpc/server';
import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { AppError, fieldErrorsFromIssues, notFound, toAppError, toTRPCError } from '../errors';
import { isStaff, locationVisibleTo, organizationVisibleTo } from '../tenancy';
import type { AppContext } from './context';

function validationIssues(cause: unknown) {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues : null;
}

const t = initTRPC.context<AppContext>().create({
  errorFormatter({ shape, error }) {
    const issues = validationIssues(error.cause);
    const appError = error.cause instanceof AppError ? error.cause : null;
    return {
      ...shape,
      message: issues ? 'De invoer is ongeldig.' : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: issues ? fieldErrorsFromIssues(issues) : appError?.details.fieldErrors,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Domain code throws AppError; clients see its tRPC code. Unexpected errors are logged, not shown. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) return { ...result, error: toTRPCError(cause) };
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    console.error(cause ?? result.error);
    return { ...result, error: toTRPCError(toAppError(cause)) };
  }
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError('UNAUTHORIZED', 'Je bent niet ingelogd.');
  return next({ ctx: { ...ctx, session: ctx.session, user: ctx.session.user } });
});

/** Admins and installers: the admin area. */
export const staffProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.user)) throw new AppError('FORBIDDEN', 'Je hebt geen toegang tot het beheer.');
  return next();
});

export const adminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.type !== 'admin') throw new AppError('FORBIDDEN', 'Alleen beheerders mogen dit doen.');
  return next();
});

/** Input carries `organizationId`; an organization the user may not see reads as absent. */
export const organizationProcedure = signedInProcedure
  .input(v.object({ organizationId: idSchema }))
  .use(async ({ ctx, input, next }) => {
    const found = await ctx.db
      .selectFrom('organization')
      .select('id')
      .where('id', '=', input.organizationId)
      .where(organizationVisibleTo(ctx.user))
      .executeTakeFirst();
    if (!found) throw notFound('Deze organisatie bestaat niet.');
    return next();
  });

/** Input carries `locationId`; a location the user may not see reads as absent. */
export const locationProcedure = signedInProcedure
  .input(v.object({ locationId: idSchema }))
  .use(async ({ ctx, input, next }) => {
    const found = await ctx.db
      .selectFrom('location')
      .select('id')
      .where('id', '=', input.locationId)
      .where(locationVisibleTo(ctx.user))
      .executeTakeFirst();
    if (!found) throw notFound('Deze locatie bestaat niet.');
    return next();
  });
