/** The on-call schedule bench alone: `node --import tsx bench/schedules-run.ts` (no build needed: it uses the services directly). */
import { benchSchedules, scheduleLines } from './schedules';

for (const line of scheduleLines(await benchSchedules())) console.log(line);
process.exit(0);
