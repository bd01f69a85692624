/**
 * Ingest tokens: created per dashboard and shown once (`ebi_` + 256 random bits,
 * base64url), kept only as SHA-256, listed with their last use, revoked by deleting the row, so
 * the next request with it is a 401. The whole token is hashed: it is random enough that a lookup
 * by its hash leaks nothing a constant-time compare would protect.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type CreateIngestToken, type CreatedIngestToken, INGEST_TOKEN_PREFIX, type IngestToken } from '@/domain/ingest-token';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import * as q from './ingest-tokens.queries';
import type { Caller } from '../../platform/caller';

export const TOKEN_ABSENT = 'Dit token bestaat niet.';

interface Deps {
  db: DB;
  clock: Clock;
}

export const hashIngestToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function listTokens(deps: Deps, dashboardId: number): Promise<IngestToken[]> {
  return (await q.tokensOfDashboard(deps.db, dashboardId)).map((t) => ({
    id: t.id,
    name: t.name,
    createdAt: isoFromSeconds(t.createdAt)!,
    lastUsedAt: isoFromSeconds(t.lastUsedAt),
  }));
}

export async function createToken(deps: Deps, { user }: Caller, input: CreateIngestToken): Promise<CreatedIngestToken> {
  const token = INGEST_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const createdAt = epochSeconds(deps.clock);
  const { id } = await q.insertToken(deps.db, {
    dashboardId: input.dashboardId,
    name: input.name,
    tokenHash: hashIngestToken(token),
    createdBy: user.id,
    createdAt,
  });
  return { id, name: input.name, token, createdAt: isoFromSeconds(createdAt)! };
}

export async function revokeToken(deps: Deps, id: number) {
  await q.deleteToken(deps.db, id);
}
