/** `/api/admin/system`: the Systeem page in one answer (admins only). */
import { systemSchema } from '@/domain/system';
import { rest } from '../../api/trpc/rest-route';
import { adminProcedure, router } from '../../api/trpc/trpc';
import { systemStatus } from './system.service';

export const systemRouter = router({
  status: adminProcedure
    .meta(
      rest(
        'GET /api/admin/system',
        'Version, engine, database size, instances and their leases, jobs, mail sources, failed notifications of 24 hours, backups',
      ),
    )
    .output(systemSchema)
    .query(({ ctx }) => systemStatus(ctx)),
});
