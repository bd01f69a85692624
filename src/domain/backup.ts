/**
 * Backups of the whole database: one compressed (optionally encrypted) file per backup in
 * BACKUP_DIR, named `energiebeheer-<UTC timestamp>.backup`, listed with the row count of every table.
 */
import * as v from 'valibot';

/** `energiebeheer-20261128T030000Z.backup`: the only names the backup folder lists or serves. */
export const BACKUP_NAME = /^energiebeheer-\d{8}T\d{6}Z\.backup$/;

export const backupSchema = v.object({
  name: v.pipe(v.string(), v.regex(BACKUP_NAME)),
  /** When the snapshot was taken (UTC ISO). */
  createdAt: v.string(),
  /** Bytes on disk. */
  size: v.number(),
  /** Written, read back and checked (integrity, row counts) before it got its name; false for a file whose trailer is damaged. */
  verified: v.boolean(),
  /** Rows per table at the moment of the snapshot. */
  tables: v.record(v.string(), v.number()),
});
export type Backup = v.InferOutput<typeof backupSchema>;

export const backupListSchema = v.object({ backups: v.array(backupSchema) });

export const backupNameSchema = v.object({ name: v.string() });
