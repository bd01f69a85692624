/** REST: POST /auth/login, /auth/refresh, /auth/logout and GET /auth/me (DESIGN.md §4). */
import { Hono } from 'hono';
import { loginSchema, refreshSchema } from '@/domain/auth';
import { type RestEnv, jsonBody, sessionOf } from '../../http/rest';
import { bearerToken } from '../../trpc/context';

export const authRest = new Hono<RestEnv>()
  .post('/login', async (c) => {
    const input = await jsonBody(c, loginSchema);
    return c.json(await c.var.ctx.auth.login(input, c.var.ctx.ip));
  })
  .post('/refresh', async (c) => {
    const { refreshToken } = await jsonBody(c, refreshSchema);
    return c.json(await c.var.ctx.auth.refresh(refreshToken));
  })
  .post('/logout', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token) await c.var.ctx.auth.logout(token);
    const body = await c.req.json().catch(() => null);
    if (typeof body?.refreshToken === 'string') await c.var.ctx.auth.logout(body.refreshToken);
    return c.body(null, 204);
  })
  .get('/me', (c) => c.json(sessionOf(c).user));
