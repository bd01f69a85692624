// The baseline for GET /auth/me: a bare Hono route doing the same single SQLite lookup with a
// prepared statement. Usage: node bench/bare-server.mjs <app.db>; prints its URL.
import { serve } from '@hono/node-server';
import SQLite from 'better-sqlite3';
import { Hono } from 'hono';

const db = new SQLite(process.argv[2]);
db.pragma('journal_mode = WAL');
const lookup = db.prepare(
  'select s.secretHash, s.expiresAt, u.id, u.type, u.email, u.fullName from session s join user u on u.id = s.userId where s.id = ? and s.kind = ?',
);
const app = new Hono().get('/auth/me', (c) => {
  const id = c.req.header('authorization')?.slice(7).split('.')[0];
  const row = lookup.get(id, 'access');
  return row ? c.json({ id: row.id, type: row.type, email: row.email, fullName: row.fullName }) : c.json({}, 401);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`running at http://127.0.0.1:${info.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
