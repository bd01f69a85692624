/**
 * The REST adapter's plumbing: typed Hono env, the request context, body parsing and validation,
 * and the one place where errors become JSON responses (`rest-adapter.ts` builds the routes).
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, errorBody, invalidInput, toAppError } from '../../platform/errors';
import { type AppContext, type AppServices, createContext } from '../trpc/context';

/** `clientIp` is set first for every request (`app.ts`); `ctx` by `withContext` on REST routes. */
export type RestEnv = { Variables: { ctx: AppContext; clientIp: string } };

export async function validate<S extends StandardSchemaV1>(schema: S, value: unknown): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(value);
  if (result.issues) throw invalidInput(result.issues);
  return result.value;
}

/**
 * The JSON object of the body, unvalidated: the procedure it is passed to validates it with the
 * shared schema, so field errors come from one place. Malformed JSON is a 400, never a 500.
 */
export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'De aanvraag bevat geen geldige JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'De aanvraag moet een JSON-object zijn.');
  }
  return body as Record<string, unknown>;
}

/** The body's media type without parameters (`application/json; charset=utf-8` → `application/json`). */
const mediaType = (c: Context) => c.req.header('content-type')?.split(';')[0]!.trim().toLowerCase() || undefined;
const carriesBody = (c: Context) => c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0;

const unsupported = {
  'application/json': 'Stuur de gegevens als JSON (Content-Type: application/json).',
  'multipart/form-data': 'Stuur het bestand als multipart/form-data.',
};

/**
 * A REST body must be of the route's type (JSON, or multipart for an upload); anything else is a
 * 415 before the body is read. A `text/plain` login could otherwise be posted by any web page
 * from a visitor's browser, as a form or `fetch` without a preflight.
 */
export const requireBodyType =
  (expected: keyof typeof unsupported): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method === 'GET') return next();
    const type = mediaType(c);
    if ((type !== undefined || carriesBody(c)) && type !== expected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupported[expected]);
    await next();
  };

/** Answered before the body was read: the connection closes, so the unread body cannot garble the next request on it. */
const closesConnection = (status: number) => status === 413 || status === 415;

/** Puts the request context (who is asking) on `c.var.ctx`. */
export const withContext =
  (deps: AppServices): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    c.set('ctx', await createContext(deps, c.req.header('authorization'), c.var.clientIp, 'rest'));
    await next();
  };

export const restErrorHandler: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException && !(error.cause instanceof AppError)) {
    return error.getResponse();
  }
  const appError = toAppError(error instanceof HTTPException ? error.cause : error);
  if (appError.code === 'INTERNAL') console.error(`${c.req.method} ${c.req.path} from ${c.get('clientIp') ?? 'unknown'}:`, error);
  if (appError.details.retryAfterSeconds) c.header('Retry-After', String(appError.details.retryAfterSeconds));
  if (closesConnection(appError.status)) c.header('Connection', 'close');
  return c.json(errorBody(appError), appError.status as 400);
};

export const restNotFound = (c: Context) => c.json(errorBody(new AppError('NOT_FOUND', `Onbekend pad: ${c.req.method} ${c.req.path}`)), 404);
