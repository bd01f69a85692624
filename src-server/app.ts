/**
 * The whole HTTP surface of the one process: the client under /app, tRPC under
 * /trpc, the REST adapter under /api and /auth, and /healthz.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'kysely';
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
}

export function createApp(deps: AppDeps) {
  const app = new Hono<RestEnv>();
  const { clientDir, trustProxy, ...context } = deps;
  const clientIp = clientIpResolver(trustProxy ?? 0);

  app.onError(restErrorHandler);
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
      await sql`select 1`.execute(deps.db);
      // Which engine, which instance, and the work it holds now: for load balancers and operators.
      return c.json({ status: 'ok', engine: deps.engine, instance: deps.instanceId, leases: [...deps.jobs.held(), ...deps.leases.held()] });
    } catch {
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
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
