/** The background jobs' persisted state, for admins (each with its last run). */
import * as v from 'valibot';
import { rest } from '../../api/trpc/rest-route';
import { adminProcedure, router } from '../../api/trpc/trpc';
import { jobStatusSchema } from '@/domain/job';

export const jobsRouter = router({
  list: adminProcedure
    .meta(rest('GET /api/jobs', 'Every background job: running, last start and finish, last error, next run, last result (admin)'))
    .output(v.array(jobStatusSchema))
    .query(({ ctx }) => ctx.jobs.status()),
});
