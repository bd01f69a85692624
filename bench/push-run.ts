/**
 * The phone benches alone: `node --import tsx bench/push-run.ts [fan-out|burst]` (no build needed:
 * they use the services directly); one part alone when profiling it.
 */
import { benchPush, pushLines } from './push';

for (const line of pushLines(await benchPush(process.argv[2]))) console.log(line);
process.exit(0);
