/** `/api/admin/backups`: list, make one now, download (admins only). */
import { createReadStream } from 'node:fs';
import * as v from 'valibot';
import { backupListSchema, backupNameSchema, backupSchema } from '@/domain/backup';
import { rest } from '../../api/trpc/rest-route';
import { adminProcedure, router } from '../../api/trpc/trpc';
import { BACKUP_JOB } from './backups.jobs';
import { type BackupDeps, backupFile, listBackups } from './backups.service';

declare module '../../api/trpc/context' {
  interface AppServices {
    backups: BackupDeps;
  }
}

/** The file's bytes chunk by chunk, for the REST adapter's download. */
async function* bytesOf(file: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
}

export const backupsRouter = router({
  list: adminProcedure
    .meta(rest('GET /api/admin/backups', 'Every backup in BACKUP_DIR, newest first, with the rows of each table'))
    .output(backupListSchema)
    .query(async ({ ctx }) => ({ backups: await listBackups(ctx.backups) })),
  create: adminProcedure
    .meta(rest('POST /api/admin/backups', 'Make a backup now and answer it (409 while one is being made)', { status: 201, errors: [409] }))
    .output(backupSchema)
    .mutation(async ({ ctx }) => (await ctx.jobs.runNow(BACKUP_JOB, { now: true })) as v.InferOutput<typeof backupSchema>),
  download: adminProcedure
    .meta(
      rest('GET /api/admin/backups/{name}', 'Download one backup file (404 for any name that is not a backup in the folder)', {
        params: { name: 'name' },
        produces: { type: 'application/octet-stream', filenameFrom: 'name' },
      }),
    )
    .input(backupNameSchema)
    .query(async ({ ctx, input }) => bytesOf((await backupFile(ctx.backups, input.name)).file)),
});
