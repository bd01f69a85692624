/** REST: the Meterbeheer paths of SPEC.md §7 and DESIGN.md §5, over the tRPC procedures. */
import { Hono } from 'hono';
import { type RestEnv, idParam, jsonObject, procedures } from '../../http/rest';

export const meterbeheerRest = new Hono<RestEnv>()
  .get('/meterbeheer/feeds/list', async (c) => c.json(await procedures(c).meterbeheer.feeds(c.req.query())))
  .post('/meterbeheer/feeds/add/:provider', async (c) =>
    c.json(await procedures(c).meterbeheer.addFeed({ ...(await jsonObject(c)), provider: c.req.param('provider') }), 201),
  )
  .get('/meterbeheer/feed/:uuid', async (c) => c.json(await procedures(c).meterbeheer.feed({ uuid: c.req.param('uuid') })))
  .delete('/meterbeheer/feed/:uuid', async (c) => {
    await procedures(c).meterbeheer.deleteFeed({ uuid: c.req.param('uuid') });
    return c.body(null, 204);
  })
  .post('/meterbeheer/feed/:uuid/detach', async (c) => c.json(await procedures(c).meterbeheer.detachFeed({ uuid: c.req.param('uuid') })))
  .get('/meterbeheer/channel/:id/with-feed', async (c) => c.json(await procedures(c).meterbeheer.channelWithFeed({ channelId: await idParam(c) })))
  .post('/meterbeheer/sync', async (c) => c.json(await procedures(c).meterbeheer.sync()));
