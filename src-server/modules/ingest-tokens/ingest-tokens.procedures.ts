/**
 * The ingest-token tier: a hook's caller is its `Authorization: Bearer ebi_…`
 * token, which names the dashboard; `ctx.ingestToken` is its row. User sessions do not open the
 * hooks, and an ingest token opens nothing else: `createContext` never takes it for a session, so
 * every other tier answers 401. The hooks themselves open only over REST (`/api/v1/alarms/hooks/*`):
 * the browser's `/trpc/alarmHook.*` (single or batched) answers a token with 401 too, so a token
 * stays exactly as narrow as its paths. At most 600 requests a minute per token (429 with `Retry-After`).
 */
import { INGEST_TOKEN_PREFIX } from '@/domain/ingest-token';
import { epochSeconds } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { publicProcedure } from '../../api/trpc/trpc';
import { markUsed, tokenByHash } from './ingest-tokens.queries';
import { hashIngestToken } from './ingest-tokens.service';

export const ingestProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.via !== 'rest') throw new AppError('UNAUTHORIZED', 'Een ingest-token werkt alleen op /api/v1/alarms/hooks/….');
  const found = ctx.token?.startsWith(INGEST_TOKEN_PREFIX) ? await tokenByHash(ctx.db, hashIngestToken(ctx.token)) : undefined;
  if (!found) throw new AppError('UNAUTHORIZED', 'Geen geldig ingest-token (Authorization: Bearer ebi_…).');
  await ctx.ingestLimit(found.id);
  await markUsed(ctx.db, found.id, epochSeconds(ctx.clock));
  return next({ ctx: { ingestToken: found } });
});
