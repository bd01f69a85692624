/** REST: the meter paths of SPEC.md §7 (plus PATCH to edit), over the tRPC procedures. */
import { Hono } from 'hono';
import { type RestEnv, idParam, jsonObject, procedures } from '../../http/rest';

export const metersRest = new Hono<RestEnv>()
  .post('/meters/create', async (c) => c.json(await procedures(c).meter.create(await jsonObject(c)), 201))
  .get('/meters/list', async (c) => c.json(await procedures(c).meter.list(c.req.query())))
  .get('/meter/:id', async (c) => c.json(await procedures(c).meter.get({ meterId: await idParam(c) })))
  .patch('/meter/:id', async (c) => c.json(await procedures(c).meter.update({ ...(await jsonObject(c)), meterId: await idParam(c) })))
  .delete('/meter/:id', async (c) => {
    await procedures(c).meter.delete({ meterId: await idParam(c) });
    return c.body(null, 204);
  });
