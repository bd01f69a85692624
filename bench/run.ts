/** `npm run bench`: prints each figure next to its baseline and goal. */
import { benchAuthMe } from './auth-me';
import { benchIngest } from './ingest';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const me = await benchAuthMe();
console.log(
  `GET /auth/me: ${fmt(me.productRps)} req/s vs bare Hono + one SQLite lookup ${fmt(me.bareRps)} req/s -> ratio ${me.ratio.toFixed(2)} (goal >= 0.70)`,
);

const ingest = await benchIngest();
console.log(
  `Measurement ingest: ${fmt(ingest.productRps)} rows/s through the sync upsert vs raw prepared insert loop ${fmt(ingest.rawRps)} rows/s -> ratio ${ingest.ratio.toFixed(2)} (goal >= 0.50)`,
);
