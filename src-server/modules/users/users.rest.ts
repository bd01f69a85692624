/** REST: the user paths of SPEC.md §7 (plus PATCH to edit), over the tRPC procedures. */
import { Hono } from 'hono';
import { type RestEnv, idParam, jsonObject, procedures } from '../../http/rest';

export const usersRest = new Hono<RestEnv>()
  .post('/users/create', async (c) => c.json(await procedures(c).user.create(await jsonObject(c)), 201))
  .get('/users/list', async (c) => c.json(await procedures(c).user.list(c.req.query())))
  .get('/user/:id', async (c) => c.json(await procedures(c).user.get({ userId: await idParam(c) })))
  .patch('/user/:id', async (c) => c.json(await procedures(c).user.update({ ...(await jsonObject(c)), userId: await idParam(c) })))
  .post('/user/:id/update-password', async (c) => {
    await procedures(c).user.updatePassword({ ...(await jsonObject(c)), userId: await idParam(c) });
    return c.body(null, 204);
  })
  .delete('/user/:id', async (c) => {
    await procedures(c).user.delete({ userId: await idParam(c) });
    return c.body(null, 204);
  });
