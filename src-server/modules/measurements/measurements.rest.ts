/** REST: GET /api/meter-channel/{ids}/measurements/... (SPEC.md §7, DESIGN.md §6), over the tRPC procedures. */
import { Hono } from 'hono';
import { type RestEnv, procedures } from '../../http/rest';

export const measurementsRest = new Hono<RestEnv>()
  .get('/meter-channel/:ids/measurements/aggregate/:granularity', async (c) =>
    c.json(await procedures(c).measurement.aggregate({ ...c.req.query(), channelIds: c.req.param('ids'), granularity: c.req.param('granularity') } as never)),
  )
  .get('/meter-channel/:ids/measurements/select/:kind', async (c) =>
    c.json(await procedures(c).measurement.select({ ...c.req.query(), channelIds: c.req.param('ids'), kind: c.req.param('kind') } as never)),
  )
  .get('/meter-channel/:ids/measurements/sum/total', async (c) => c.json(await procedures(c).measurement.sumTotal({ ...c.req.query(), channelIds: c.req.param('ids') } as never)))
  .get('/meter-channel/:ids/measurements/predict-sum/hourly-at-date', async (c) =>
    c.json(await procedures(c).measurement.predictHourly({ ...c.req.query(), channelIds: c.req.param('ids') } as never)),
  )
  .get('/meter-channel/:ids/measurements/predict-sum/total-at-date', async (c) =>
    c.json(await procedures(c).measurement.predictTotal({ ...c.req.query(), channelIds: c.req.param('ids') } as never)),
  );
