/** Ingest tokens: per dashboard, for monitoring tools that cannot sign in. */
import * as v from 'valibot';
import { idSchema } from './common';

export const INGEST_TOKEN_PREFIX = 'ebi_';
const INGEST_TOKEN_NAME_MAX = 100;

export const createIngestTokenSchema = v.object({
  dashboardId: idSchema,
  name: v.pipe(
    v.string('De naam moet worden opgegeven.'),
    v.trim(),
    v.nonEmpty('De naam moet worden opgegeven.'),
    v.maxLength(INGEST_TOKEN_NAME_MAX, `De naam mag maximaal ${INGEST_TOKEN_NAME_MAX} tekens lang zijn.`),
  ),
});
export type CreateIngestToken = v.InferOutput<typeof createIngestTokenSchema>;

export const ingestTokenSchema = v.object({ id: v.number(), name: v.string(), createdAt: v.string(), lastUsedAt: v.nullable(v.string()) });
export type IngestToken = v.InferOutput<typeof ingestTokenSchema>;

/** The answer to a create: the only time the token itself is shown. */
export const createdIngestTokenSchema = v.object({ id: v.number(), name: v.string(), token: v.string(), createdAt: v.string() });
export type CreatedIngestToken = v.InferOutput<typeof createdIngestTokenSchema>;
