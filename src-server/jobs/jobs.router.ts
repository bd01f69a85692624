/** The background jobs' persisted state, for admins (DESIGN.md §1: a visible last-run status). */
import * as v from 'valibot';
import { rest } from '../trpc/rest-route';
import { adminProcedure, router } from '../trpc/trpc';
import { jobStatusSchema } from './job-status';

export const jobsRouter = router({
  list: adminProcedure
    .meta(rest('GET /api/jobs', 'Every background job: running, last start and finish, last error, next run, last result (admin)'))
    .output(v.array(jobStatusSchema))
    .query(({ ctx }) => ctx.jobs.status()),
});
