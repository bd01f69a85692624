/**
 * tRPC init and the procedure tiers: public, signed in, staff (admin area), admin,
 * and `scopedProcedure` for inputs that carry an id the caller must be able to see. AppError is
 * turned into a TRPCError here once. A procedure's `meta.rest` is its REST route: the REST adapter
 * and the OpenAPI document are generated from the procedures (`http/rest-adapter.ts`).
 */
import { initTRPC } from '@trpc/server';
import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { AppError, fieldErrorsFromIssues, notFound, toAppError, toTRPCError } from '../../platform/errors';
import { isStaff } from '../../platform/db/tenancy';
import { HEARTBEAT_MS } from '../../platform/events/live-stream';
import type { AppContext } from './context';
import type { ProcedureMeta } from './rest-route';

function validationIssues(cause: unknown) {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues : null;
}

const t = initTRPC
  .context<AppContext>()
  .meta<ProcedureMeta>()
  .create({
    // Subscriptions (the live console): a ping while nothing happens keeps proxies from closing the
    // connection, and a client that hears nothing for two of them reconnects, resuming from its last id.
    sse: { ping: { enabled: true, intervalMs: HEARTBEAT_MS }, client: { reconnectAfterInactivityMs: 2 * HEARTBEAT_MS + 10_000 } },
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
const appErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) return { ...result, error: toTRPCError(cause) };
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    const appError = toAppError(cause);
    if (appError.code === 'INTERNAL') console.error(`${path} from ${ctx.ip}:`, cause ?? result.error);
    return { ...result, error: toTRPCError(appError) };
  }
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

/**
 * `ctx.session` and `ctx.user` are set by `createContext`; this tier only narrows their types. The
 * `ctx` handed to `next` is therefore undefined at run time: tRPC copies the whole context (30 keys,
 * several µs) for every middleware that passes one, and this check runs on nearly every call.
 */
const alreadyInContext = <T>() => undefined as unknown as T;

/** The answer to a call of a signed-in tier without a valid access token. */
export const notSignedIn = () => new AppError('UNAUTHORIZED', 'Je bent niet ingelogd.');

export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session || !ctx.user) throw notSignedIn();
  return next({ ctx: alreadyInContext<{ session: NonNullable<AppContext['session']>; user: NonNullable<AppContext['user']> }>() });
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

export type SignedInContext = AppContext & { user: NonNullable<AppContext['session']>['user'] };

/**
 * A procedure whose input carries `key` (a database id) that the caller must be able to see:
 * `find(ctx, id)` answers the row from a scoped query, and the row goes on as `ctx[name]` so the
 * handler never reads it again (create-t3-app hands the session on the same way). An id outside
 * the caller's scope reads as absent (404 with `absentMessage`), never as forbidden. Each module
 * builds its own from its queries.
 */
export function scopedProcedure<K extends string, N extends string, R>(
  key: K,
  name: N,
  find: (ctx: SignedInContext, id: number) => Promise<R | undefined>,
  absentMessage: string,
  base: typeof signedInProcedure = signedInProcedure,
) {
  const input = v.object({ [key]: idSchema } as Record<K, typeof idSchema>);
  return base.input(input).use(async ({ ctx, input, next }) => {
    const row = await find(ctx, input[key]);
    if (row === undefined) throw notFound(absentMessage);
    return next({ ctx: { [name]: row } as Record<N, R> });
  });
}
