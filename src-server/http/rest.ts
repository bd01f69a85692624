/**
 * The REST adapter's plumbing: typed Hono env, body and parameter validation with the shared
 * schemas, the signed-in guard, and the one place where errors become JSON responses.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Authenticated } from '../modules/auth/auth.service';
import { AppError, errorBody, invalidInput, toAppError } from '../errors';
import * as v from 'valibot';
import { idParamSchema } from '@/domain/common';
import { type AppContext, type AppServices, createContext } from '../trpc/context';
import { createCaller } from '../trpc/root';

export type RestEnv = { Variables: { ctx: AppContext } };

export async function validate<S extends StandardSchemaV1>(schema: S, value: unknown): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(value);
  if (result.issues) throw invalidInput(result.issues);
  return result.value;
}

/**
 * The JSON object of the body, unvalidated (hence `any`): the procedure it is passed to validates
 * it with the shared schema, so field errors come from one place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonObject(c: Context): Promise<any> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'De aanvraag bevat geen geldige JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'De aanvraag moet een JSON-object zijn.');
  }
  return body;
}

/** The JSON body validated by `schema`; malformed JSON is a 400, never a 500. */
export async function jsonBody<S extends StandardSchemaV1>(c: Context, schema: S): Promise<StandardSchemaV1.InferOutput<S>> {
  return validate(schema, await jsonObject(c));
}

export const clientIp = (c: Context): string =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';

/** Puts the request context (who is asking) on `c.var.ctx`. */
export const withContext =
  (deps: AppServices): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    c.set('ctx', await createContext(deps, c.req.header('authorization'), clientIp(c)));
    await next();
  };

/**
 * REST handlers call the same tRPC procedures as the browser, so every role check and rule is
 * written once; this adapter only maps paths, bodies and errors.
 */
export const procedures = (c: Context<RestEnv>) => createCaller(c.var.ctx);

const idParams = v.object({ id: idParamSchema });

/** The numeric `{id}` of a path; anything else is a 400 naming the field. */
export async function idParam(c: Context<RestEnv>): Promise<number> {
  return (await validate(idParams, { id: c.req.param('id') })).id;
}

/** The caller's session; a request without a valid access token is a 401. */
export function sessionOf(c: Context<RestEnv>): Authenticated {
  const { session } = c.var.ctx;
  if (!session) throw new AppError('UNAUTHORIZED', 'Je bent niet ingelogd.');
  return session;
}

export const restErrorHandler: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException && !(error.cause instanceof AppError)) {
    return error.getResponse();
  }
  const appError = toAppError(error instanceof HTTPException ? error.cause : error);
  if (appError.code === 'INTERNAL') console.error(error);
  if (appError.details.retryAfterSeconds) c.header('Retry-After', String(appError.details.retryAfterSeconds));
  return c.json(errorBody(appError), appError.status as 400);
};

export const restNotFound = (c: Context) =>
  c.json(errorBody(new AppError('NOT_FOUND', `Onbekend pad: ${c.req.method} ${c.req.path}`)), 404);
