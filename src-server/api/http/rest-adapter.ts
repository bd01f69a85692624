/**
 * The REST adapter, generated from the procedures: every procedure with a
 * `meta.rest` route is served at that path, with path parameters, query string or JSON body
 * merged into its input, and called through the same tRPC caller as the browser, so roles,
 * tenancy, validation and output shapes exist once. `openApiDocument` documents the same table.
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { idParamSchema } from '@/domain/common';
import type { AnyTRPCRouter } from '@trpc/server';
import type { RestRoute } from '../trpc/rest-route';
import { ownJson } from '../trpc/own-json';
import { type InputShape, inputShape } from './procedure-schemas';
import { openApiSchema } from './json-schema';
import { AppError, notFound } from '../../platform/errors';
import { eventStream } from './event-stream';
import type { LiveItem } from '../../platform/events/live-stream';
import { type RestEnv, jsonObject, requireBodyType, validate } from './rest';
import { createCallerFactory } from '../trpc/trpc';

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: { rest?: RestRoute };
  inputs: unknown[];
  output?: unknown;
  middlewares: unknown[];
}

export interface RestOperation {
  /** The procedure's dotted name, e.g. `organization.list`: the OpenAPI operationId. */
  name: string;
  route: RestRoute;
  input: InputShape;
  output: unknown;
  /** Path parameter name → input key. */
  pathKeys: Map<string, string>;
  /** GET: the query string; otherwise a JSON object body, an optional one, or none. */
  body: 'query' | 'json' | 'optional' | 'none';
  /** A subscription is served as server-sent events. */
  type: ProcedureDef['type'];
  /** The procedure's middlewares (its tier's guards among them), for the statuses it documents. */
  middlewares: unknown[];
}

const pathNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Numeric path parameters are checked as ids ("Een id moet een positief geheel getal zijn."). */
export const isNumericParam = (op: RestOperation, name: string) => op.input.entries[op.pathKeys.get(name)!]?.type === 'number';

export function restOperations(router: AnyTRPCRouter): RestOperation[] {
  const defs = router._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(defs).flatMap(([name, procedure]) => {
    const route = procedure._def.meta?.rest;
    if (!route) return [];
    const input = inputShape(procedure._def.inputs);
    const pathKeys = new Map(pathNames(route.path).map((p) => [p, route.params[p] ?? p]));
    const fromPath = new Set(pathKeys.values());
    const rest = Object.keys(input.entries).some((k) => !fromPath.has(k));
    const body = route.method === 'GET' ? 'query' : !rest ? 'none' : input.optional ? 'optional' : 'json';
    const { output, type, middlewares } = procedure._def;
    return [{ name, route, input, output, pathKeys, body, type, middlewares }];
  });
}

/**
 * The query keys a GET must carry. Checked before the procedure runs: valibot reports an absent
 * key in English ("Invalid key: ..."), so the adapter names it with the field's own Dutch message.
 */
export function requiredQueryKeys(op: RestOperation): Set<string> {
  if (op.body !== 'query' || op.input.optional) return new Set();
  const inPath = new Set(op.pathKeys.values());
  const required = (openApiSchema(v.object(op.input.entries), 'input').required ?? []) as string[];
  return new Set(required.filter((key) => !inPath.has(key)));
}

function requireQueryKeys(keys: Set<string>, op: RestOperation, query: Record<string, string>) {
  const missing = [...keys].filter((key) => query[key] === undefined);
  if (missing.length === 0) return;
  const message = (key: string) => {
    const own = (op.input.entries[key] as { message?: unknown }).message;
    return typeof own === 'string' ? own : `${key} moet worden opgegeven.`;
  };
  throw new AppError('BAD_REQUEST', 'De invoer is ongeldig.', { fieldErrors: Object.fromEntries(missing.map((key) => [key, [message(key)]])) });
}

async function pathInput(op: RestOperation, param: (name: string) => string | undefined) {
  const out: Record<string, unknown> = {};
  for (const [name, key] of op.pathKeys) {
    const raw = param(name);
    // An id past 2^53 is well-formed but can name no record: absent, like any id not found.
    if (isNumericParam(op, name) && /^[1-9]\d*$/.test(raw ?? '') && !Number.isSafeInteger(Number(raw))) throw notFound();
    out[key] = isNumericParam(op, name) ? (await validate(v.object({ [name]: idParamSchema }), { [name]: raw }))[name] : raw;
  }
  return out;
}

/** An upload: the form's fields, files as `File` objects (the type was checked by `requireBodyType`). */
async function formBody(c: Parameters<typeof jsonObject>[0]) {
  return (await c.req.parseBody().catch(() => {
    throw new AppError('BAD_REQUEST', 'De aanvraag bevat geen geldig formulier.');
  })) as Record<string, unknown>;
}

async function optionalJson(c: Parameters<typeof jsonObject>[0]) {
  const body: unknown = await c.req.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
}

/**
 * A known path asked with a method it does not take: 405 with `Allow` (RFC 9110), not the 404 of
 * an unknown path. Reached only when no route answered.
 */
function methodNotAllowed(operations: RestOperation[]): MiddlewareHandler {
  const routes = operations.map((op) => ({ method: op.route.method, pattern: new RegExp(`^${op.route.path.replace(/\{\w+\}/g, '[^/]+')}$`) }));
  return async (c, next) => {
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))];
    if (allowed.length === 0) return next();
    const message = `${c.req.method} kan niet op ${c.req.path}; wel ${allowed.join(', ')}.`;
    return c.json({ error: { code: 'METHOD_NOT_ALLOWED', message } }, 405, { Allow: allowed.join(', ') });
  };
}

/** A download streamed chunk by chunk as the procedure yields its text (an export of thousands of rows) or bytes (a backup). */
function download(c: Context<RestEnv>, produces: NonNullable<RestOperation['route']['produces']>, chunks: AsyncIterable<string | Uint8Array>, input: unknown) {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const text = produces.type === 'text/csv';
  const filename = 'filename' in produces ? produces.filename : String((input as Record<string, unknown>)[produces.filenameFrom]);
  return c.body(body, 200, {
    'Content-Type': text ? `${produces.type}; charset=utf-8` : produces.type,
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
}

export function restApp(router: AnyTRPCRouter) {
  const app = new Hono<RestEnv>();
  const operations = restOperations(router);
  // REST handlers call the same tRPC procedures as the browser, so every role check and rule is written once.
  const createCaller = createCallerFactory(router);
  const procedures = (c: Context<RestEnv>, signal?: AbortSignal) => createCaller(c.var.ctx, { signal });
  for (const op of operations) {
    const honoPath = op.route.path.replace(/\{(\w+)\}/g, ':$1');
    const requiredQuery = requiredQueryKeys(op);
    const takesInput = op.route.method === 'GET' ? Object.keys(op.input.entries).length > 0 : op.body !== 'none' || op.pathKeys.size > 0;
    const handle = async (c: Context<RestEnv>) => {
      const fromPath = await pathInput(op, (name) => c.req.param(name));
      let input: Record<string, unknown> | undefined;
      if (op.body === 'query') {
        const query = c.req.query();
        requireQueryKeys(requiredQuery, op, query);
        input = { ...query, ...fromPath };
      } else if (op.body === 'json') input = { ...(op.route.multipart ? await formBody(c) : await jsonObject(c)), ...fromPath };
      else if (op.body === 'optional') input = { ...(await optionalJson(c)), ...fromPath };
      else input = fromPath;
      // A reconnecting EventSource names the last event it saw in a header, as tRPC reads it too.
      const lastEventId = op.type === 'subscription' ? c.req.header('last-event-id') : undefined;
      if (lastEventId) input = { ...input, lastEventId };
      const caller = op.type === 'subscription' ? procedures(c, c.req.raw.signal) : procedures(c);
      const call = op.name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input?: unknown) => Promise<unknown>;
      const result = await call(takesInput ? input : undefined);
      if (op.type === 'subscription') return eventStream(c, result as AsyncIterable<LiveItem>);
      if (op.route.produces) return download(c, op.route.produces, result as AsyncIterable<string | Uint8Array>, input);
      if (op.route.status === 204) return c.body(null, 204);
      const json = ownJson(result);
      return json === undefined ? c.json(result as object, op.route.status) : c.body(json, op.route.status, { 'Content-Type': 'application/json' });
    };
    // GETs carry no body: no layer to check one (every layer costs on the hottest paths).
    if (op.route.method === 'GET') app.get(honoPath, handle);
    else app.on(op.route.method, honoPath, requireBodyType(op.route.multipart ? 'multipart/form-data' : 'application/json'), handle);
  }
  app.all('/api/*', methodNotAllowed(operations));
  app.all('/auth/*', methodNotAllowed(operations));
  return app;
}
