/**
 * The whole HTTP surface of the one process (DESIGN.md §1): the client under /app, tRPC under
 * /trpc, the REST adapter under /api and /auth, and /healthz.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'kysely';
import { AppError, errorBody } from './errors';
import { openApiDocument } from './http/openapi';
import { restApp } from './http/rest-adapter';
import { brandingFiles } from './modules/alarm-dashboards/branding';
import { type RestEnv, clientIp, restErrorHandler, restNotFound, withContext } from './http/rest';
import { type AppServices, createContext } from './trpc/context';
import { appRouter } from './trpc/root';

export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_UPLOAD_BYTES = MAX_BODY_BYTES + 64 * 1024;
const UPLOAD_PATH = /^\/api\/v1\/alarms\/dashboards\/[^/]+\/settings\/branding$/;

export interface AppDeps extends AppServices {
  /** The Vite build of the client; without it /app answers 503 with a hint. */
  clientDir?: string;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<RestEnv>();
  const { clientDir, ...context } = deps;

  app.onError(restErrorHandler);
  const limit = (maxSize: number, message: string) =>
    bodyLimit({ maxSize, onError: (c) => c.json(errorBody(new AppError('PAYLOAD_TOO_LARGE', message)), 413) });
  const limitBody = limit(MAX_BODY_BYTES, 'De aanvraag is te groot (maximaal 1 MB).');
  // Uploads: a 1 MB image plus the multipart envelope; the image's own limit is checked by its route.
  const limitUpload = limit(MAX_UPLOAD_BYTES, 'Het bestand is te groot: hoogstens 1 MB.');
  // Only requests that carry a body: inspecting one makes the Node adapter build a full Request.
  app.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return (UPLOAD_PATH.test(c.req.path) ? limitUpload : limitBody)(c, next);
  });

  app.get('/', (c) => c.redirect('/app/'));
  app.get('/healthz', async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
  });

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: () => createContext(context, c.req.header('authorization'), clientIp(c)),
    }),
  );

  app.route('/', brandingFiles(deps.db));

  const openApi = openApiDocument(appRouter);
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

/** Serves the built client; every other /app path gets index.html so client routes work on reload. */
function mountClient(app: Hono<RestEnv>, clientDir: string | undefined) {
  const indexFile = clientDir && path.join(clientDir, 'index.html');
  if (!clientDir || !indexFile || !existsSync(indexFile)) {
    app.get('/app/*', (c) => c.text('The client is not built yet: run `npm run build`.', 503));
    return;
  }
  const root = path.relative(process.cwd(), clientDir);
  app.use(
    '/app/assets/*',
    serveStatic({
      root,
      rewriteRequestPath: (p) => p.replace(/^\/app/, ''),
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.get('/app/assets/*', (c) => c.text('Not found', 404));
  app.use('/app/*', serveStatic({ root, rewriteRequestPath: (p) => p.replace(/^\/app/, '') }));
  app.get('/app', (c) => c.redirect('/app/'));
  app.get('/app/*', serveStatic({ root, path: 'index.html', onFound: (_p, c) => c.header('Cache-Control', 'no-cache') }));
}
