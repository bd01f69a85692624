/**
 * Maintenance windows: while one is active, alarms it matches go straight to the resolved folder
 * and notify no one.
 *
 * Decisions made here:
 * - A window's `match` is a regular expression in RE2 syntax (no look-arounds or back-references):
 *   it runs in linear time on the main thread, so no pattern can stall alarms.
 * - A window can be ended early (`POST /maintenance-windows/{id}/end`: `to` becomes now).
 */
import { RE2JS } from 're2js';
import * as v from 'valibot';
import { idSchema } from './common';
import { instantSchema } from './alarm';

export const MAINTENANCE_NOTE_MAX = 500;
export const MAINTENANCE_MATCH_MAX = 500;
/** A maintenance window's pattern, compiled as the pipeline applies it (case-insensitive, RE2). */
export function compileMaintenanceMatch(pattern: string): RE2JS | null {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
}

export const createMaintenanceWindowSchema = v.pipe(
  v.object({
    dashboardId: idSchema,
    from: instantSchema,
    to: instantSchema,
    match: v.optional(
      v.nullable(
        v.pipe(
          v.string('Het patroon moet tekst zijn.'),
          v.trim(),
          v.maxLength(MAINTENANCE_MATCH_MAX, `Het patroon mag maximaal ${MAINTENANCE_MATCH_MAX} tekens lang zijn.`),
          v.check((s) => s === '' || compileMaintenanceMatch(s) !== null, 'Dit is geen geldig patroon (RE2, zonder look-arounds).'),
          v.transform((s) => s || null),
        ),
      ),
      null,
    ),
    // Absent: no note (stored as ''); no schema default, so OpenAPI shows no `"default": ""`.
    note: v.optional(
      v.pipe(
        v.string('De notitie moet tekst zijn.'),
        v.trim(),
        v.maxLength(MAINTENANCE_NOTE_MAX, `De notitie mag maximaal ${MAINTENANCE_NOTE_MAX} tekens lang zijn.`),
      ),
    ),
  }),
  v.forward(
    v.check((w) => w.from < w.to, 'Het einde moet na het begin liggen.'),
    ['to'],
  ),
);
export type CreateMaintenanceWindow = v.InferOutput<typeof createMaintenanceWindowSchema>;

export const maintenanceWindowSchema = v.object({
  id: v.number(),
  from: v.string(),
  to: v.string(),
  match: v.nullable(v.string()),
  note: v.string(),
  active: v.boolean(),
  createdBy: v.nullable(v.object({ id: v.number(), fullName: v.string() })),
  createdAt: v.string(),
});
export type MaintenanceWindow = v.InferOutput<typeof maintenanceWindowSchema>;
