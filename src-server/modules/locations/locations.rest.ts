/** REST: the location paths of SPEC.md §7 (plus PATCH to edit), over the tRPC procedures. */
import { Hono } from 'hono';
import { type RestEnv, idParam, jsonObject, procedures } from '../../http/rest';

export const locationsRest = new Hono<RestEnv>()
  .post('/locations', async (c) => c.json(await procedures(c).location.create(await jsonObject(c)), 201))
  .get('/locations/list', async (c) => c.json(await procedures(c).location.list(c.req.query())))
  .get('/location/:id', async (c) => c.json(await procedures(c).location.get({ locationId: await idParam(c) })))
  .get('/location/:id/summary', async (c) => c.json(await procedures(c).location.summary({ locationId: await idParam(c) })))
  .patch('/location/:id', async (c) =>
    c.json(await procedures(c).location.update({ ...(await jsonObject(c)), locationId: await idParam(c) })),
  )
  .delete('/location/:id', async (c) => {
    await procedures(c).location.delete({ locationId: await idParam(c) });
    return c.body(null, 204);
  });
