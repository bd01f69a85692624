/**
 * The whole HTTP surface of the one process: the client under /app, tRPC under
 * /trpc, the REST adapter under /api and /auth, and /healthz.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ping } from './platform/db/database.queries';
import { AppError, errorBody } from './platform/errors';
import { openApiDocument } from './api/http/openapi';
import { restApp } from './api/http/rest-adapter';
import { setAnswerHeaders } from './api/http/security-headers';
import { brandingFiles } from './modules/alarm-dashboards/branding';
import { CALENDAR_FEED_PATH, calendarFeedApp, calendarFeedOperation } from './modules/schedules/calendar-feed';
import { clientIpResolver } from './api/http/client-ip';
import { type RestEnv, requireBodyType, restErrorHandler, restNotFound, withContext } from './api/http/rest';
import { type AppServices, bearerToken, createContext } from './api/trpc/context';
import { notSignedIn } from './api/trpc/trpc';
import { appRouter } from './root-router';

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_UPLOAD_BYTES = MAX_BODY_BYTES + 64 * 1024;
const UPLOAD_PATH = /^\/api\/v1\/alarms\/dashboards\/[^/]+\/settings\/branding$/;

export interface AppDeps extends AppServices {
  /** The Vite build of the client; without it /app answers 503 with a hint. */
  clientDir?: string;
  /** Reverse proxies in front (TRUST_PROXY): the client's address is then read from X-Forwarded-For. */
  trustProxy?: number;
  /** GET /metrics answers only with this bearer token; without it /metrics does not exist (404). */
  metricsToken?: string;
}

/** A caller's X-Request-Id is taken when it is a plain token; otherwise one is made. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The route pattern that answered (`/api/location/:id`), never the path: bounded labels, no ids or tokens in logs. */
function routeOf(c: Context): string {
  const route = c.req.routePath;
  if (c.req.path.startsWith('/trpc/')) return '/trpc/*';
  if (c.res.status === 404 && (route === '*' || route === '/api/*' || route === '/auth/*')) return 'unmatched';
  return route;
}

/**
 * Every answer carries its request id (X-Request-Id; error bodies also as `requestId`), is timed
 * for /metrics by route pattern and status, and is logged as one line.
 */
function observeRequests(deps: Pick<AppDeps, 'metrics' | 'log'>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    await next();
    let res = c.res;
    if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/json')) {
      const body = await res
        .clone()
        .json()
        .catch(() => null);
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const headers = new Headers(res.headers);
        headers.delete('content-length');
        res = new Response(JSON.stringify({ ...body, requestId }), { status: res.status, headers });
      }
    }
    if (res === c.res) res = new Response(res.body, res);
    res.headers.set('X-Request-Id', requestId);
    c.res = undefined;
    c.res = res;
    const seconds = (performance.now() - started) / 1000;
    const route = routeOf(c);
    deps.metrics.httpDuration.observe({ method: c.req.method, route, status: String(res.status) }, seconds);
    deps.log({
      level: res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      requestId,
      method: c.req.method,
      route,
      status: res.status,
      ms: Math.round(seconds * 1000),
    });
  };
}

const sameToken = (given: string | null, expected: string) =>
  given !== null && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export function createApp(deps: AppDeps) {
  const app = new Hono<RestEnv>();
  const { clientDir, trustProxy, metricsToken: _metricsToken, ...context } = deps;
  const clientIp = clientIpResolver(trustProxy ?? 0);

  app.onError(restErrorHandler);
  app.use('*', observeRequests(deps));
  // One middleware for what every request needs (each layer costs): who asks, and the answer's headers.
  app.use('*', (c, next) => {
    c.set('clientIp', clientIp(c));
    setAnswerHeaders(c);
    return next();
  });
  const limit = (maxSize: number, message: string) =>
    bodyLimit({ maxSize, onError: (c) => c.json(errorBody(new AppError('PAYLOAD_TOO_LARGE', message)), 413, { Connection: 'close' }) });
  const limitBody = limit(MAX_BODY_BYTES, 'De aanvraag is te groot (maximaal 1 MB).');
  // Uploads: a 1 MB image plus the multipart envelope; the image's own limit is checked by its route.
  const limitUpload = limit(MAX_UPLOAD_BYTES, 'Het bestand is te groot: hoogstens 1 MB.');
  // Only requests that carry a body: inspecting one makes the Node adapter build a full Request.
  app.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return (UPLOAD_PATH.test(c.req.path) ? limitUpload : limitBody)(c, next);
  });

  // GET /auth/me is the session check and nothing else, asked on every page load and by monitoring:
  // answered here from the check, without the REST adapter and tRPC's middleware chain (which cost
  // twice the check itself). Same user, same 401 as the `auth.me` procedure, which documents the
  // route and serves the browser; the tests ask both.
  app.get('/auth/me', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    const session = token ? await deps.auth.authenticate(token) : null;
    if (!session) throw notSignedIn();
    return c.json(session.user);
  });
  app.get('/', (c) => c.redirect('/app/'));
  app.get('/healthz', async (c) => {
    try {
      await ping(deps.db);
      // Which engine, which instance, and the work it holds now: for load balancers and operators.
      return c.json({ status: 'ok', engine: deps.engine, instance: deps.instanceId, leases: [...deps.jobs.held(), ...deps.leases.held()] });
    } catch {
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
  });

  // Prometheus: off without METRICS_TOKEN (404, as if absent); a wrong or missing token is a 401.
  app.get('/metrics', async (c) => {
    if (!deps.metricsToken) return restNotFound(c);
    if (!sameToken(bearerToken(c.req.header('authorization')), deps.metricsToken)) {
      return c.json(errorBody(new AppError('UNAUTHORIZED', 'Geef het METRICS_TOKEN mee als Bearer-token.')), 401, { 'WWW-Authenticate': 'Bearer' });
    }
    return c.body(await deps.metrics.registry.metrics(), 200, { 'Content-Type': deps.metrics.registry.contentType });
  });

  app.use('/trpc/*', requireBodyType('application/json'));
  app.all('/trpc/*', async (c) => {
    const res = await fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: () => createContext(context, c.req.header('authorization'), c.var.clientIp),
    });
    // Through the context, so the headers set before (security, no-store) join tRPC's own.
    return c.newResponse(res.body, res);
  });

  app.route('/', brandingFiles(deps.db));
  // The calendar feed is public by its secret token: calendar apps cannot sign in.
  app.route('/', calendarFeedApp({ db: deps.db, clock: deps.clock, secrets: deps.secrets, publicUrl: deps.notify.publicUrl }));

  const openApi = openApiDocument(appRouter, { [CALENDAR_FEED_PATH]: { get: calendarFeedOperation } });
  app.get('/api/openapi.json', (c) => c.json(openApi));

  const rest = new Hono<RestEnv>();
  rest.use('*', withContext(context));
  rest.route('/', restApp(appRouter));
  rest.all('/auth/*', restNotFound);
  rest.all('/api/*', restNotFound);
  app.route('/', rest);

  mountClient(app, clientDir);
  app.notFound((c) => (c.req.path.startsWith('/app') ? c.text('Not found', 404) : restNotFound(c)));
  return app;
}

/** Sets `Cache-Control` on a successful answer that has none of its own. */
const cacheFor =
  (value: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };

/**
 * Serves the built client; every other /app path gets index.html so client routes work on reload.
 * Only the hashed files under /app/assets are cached for good; everything else revalidates.
 */
function mountClient(app: Hono<RestEnv>, clientDir: string | undefined) {
  const indexFile = clientDir && path.join(clientDir, 'index.html');
  if (!clientDir || !indexFile || !existsSync(indexFile)) {
    app.get('/app/*', (c) => c.text('The client is not built yet: run `npm run build`.', 503));
    return;
  }
  const root = path.relative(process.cwd(), clientDir);
  const rewriteRequestPath = (p: string) => p.replace(/^\/app/, '');
  app.use('/app/assets/*', cacheFor('public, max-age=31536000, immutable'), serveStatic({ root, rewriteRequestPath }));
  app.get('/app/assets/*', (c) => c.text('Not found', 404));
  app.use('/app/*', cacheFor('no-cache'), serveStatic({ root, rewriteRequestPath }));
  app.get('/app', (c) => c.redirect('/app/'));
  app.get('/app/*', serveStatic({ root, path: 'index.html' }));
}
