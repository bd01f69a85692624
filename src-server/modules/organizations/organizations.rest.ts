/** REST: the organization paths of SPEC.md §7 (plus PATCH to rename), over the tRPC procedures. */
import { Hono } from 'hono';
import { type RestEnv, idParam, jsonObject, procedures } from '../../http/rest';

export const organizationsRest = new Hono<RestEnv>()
  .put('/organizations', async (c) => c.json(await procedures(c).organization.create(await jsonObject(c)), 201))
  .get('/organizations/list', async (c) => c.json(await procedures(c).organization.list(c.req.query())))
  .get('/organizations/with-locations', async (c) => c.json(await procedures(c).organization.withLocations()))
  .get('/organization/:id', async (c) => c.json(await procedures(c).organization.get({ organizationId: await idParam(c) })))
  .patch('/organization/:id', async (c) =>
    c.json(await procedures(c).organization.update({ ...(await jsonObject(c)), organizationId: await idParam(c) })),
  )
  .delete('/organization/:id', async (c) => {
    await procedures(c).organization.delete({ organizationId: await idParam(c) });
    return c.body(null, 204);
  });
