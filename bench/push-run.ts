/** The phone benches alone: `node --import tsx bench/push-run.ts` (no build needed: they use the services directly). */
import { benchPush, pushLines } from './push';

for (const line of pushLines(await benchPush())) console.log(line);
process.exit(0);
