import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import {
  type AnyFeedForm,
  addFeedSchema,
  channelOptionSchema,
  channelWithFeedSchema,
  feedSchema,
  type SyncSummary,
  syncStatusSchema,
  syncSummarySchema,
} from '@/domain/meterbeheer';
import { listQuerySchema, pageSchema } from '@/domain/paging';
import { rest } from '../../api/trpc/rest-route';
import { adminProcedure, router, staffProcedure } from '../../api/trpc/trpc';
import { feedSyncCounts } from './meterbeheer.queries';
import { METERBEHEER_SYNC_JOB } from './meterbeheer.jobs';
import * as feeds from './meterbeheer.service';
import type { HubClient } from './hub-client';
import type { SyncService } from './sync.service';
import type { FeedDeps } from './meterbeheer.service';
import { callerOf } from '../../platform/caller';

const byUuid = v.object({ uuid: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)) });

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    hub: HubClient;
    sync: SyncService;
    feeds: FeedDeps;
  }
}

export const meterbeheerRouter = router({
  feeds: staffProcedure
    .meta(rest('GET /api/meterbeheer/feeds/list', 'Page through feeds (pageNumber 0-based, pageSize ≤ 100, query)'))
    .input(listQuerySchema)
    .output(pageSchema('feeds', feedSchema))
    .query(({ ctx, input }) => feeds.listFeeds(ctx.feeds, callerOf(ctx), input)),
  feed: staffProcedure
    .meta(rest('GET /api/meterbeheer/feed/{uuid}', 'One feed with its channels'))
    .input(byUuid)
    .output(feedSchema)
    .query(({ ctx, input }) => feeds.getFeed(ctx.feeds, callerOf(ctx), input.uuid)),
  addFeed: staffProcedure
    .meta(
      rest('POST /api/meterbeheer/feeds/add/{provider}', "Add a feed at Meterbeheer HUB with the provider's form fields; 502 when the HUB fails", {
        status: 201,
        errors: [502],
      }),
    )
    .input(addFeedSchema)
    .output(feedSchema)
    .mutation(({ ctx, input: { provider, ...form } }) => feeds.addFeed(ctx.feeds, callerOf(ctx), provider, form as AnyFeedForm)),
  deleteFeed: staffProcedure
    .meta(rest('DELETE /api/meterbeheer/feed/{uuid}', 'Delete a feed here and at the HUB; 409 while a meter uses it', { status: 204, errors: [409, 502] }))
    .input(byUuid)
    .mutation(({ ctx, input }) => feeds.deleteFeed(ctx.feeds, callerOf(ctx), input.uuid)),
  detachFeed: staffProcedure
    .meta(rest('POST /api/meterbeheer/feed/{uuid}/detach', 'Unlink every meter from the feed; answers the feed'))
    .input(byUuid)
    .output(feedSchema)
    .mutation(({ ctx, input }) => feeds.detachFeed(ctx.feeds, callerOf(ctx), input.uuid)),
  channelWithFeed: staffProcedure
    .meta(rest('GET /api/meterbeheer/channel/{id}/with-feed', 'One channel with its feed', { params: { id: 'channelId' } }))
    .input(v.object({ channelId: idSchema }))
    .output(channelWithFeedSchema)
    .query(({ ctx, input }) => feeds.channelWithFeed(ctx.feeds, callerOf(ctx), input.channelId)),
  /** Channels for a meter's pickers (see `channelOptions`). */
  channels: staffProcedure
    .input(v.optional(v.object({ meterId: v.optional(idSchema) })))
    .output(v.array(channelOptionSchema))
    .query(({ ctx, input }) => feeds.channelOptions(ctx.feeds, callerOf(ctx), input?.meterId)),
  /** Runs one sync of every feed now (ignoring backoff) and answers with its summary. */
  sync: adminProcedure
    .meta(rest('POST /api/meterbeheer/sync', 'Sync every feed now (admin); answers a summary when done', { errors: [409] }))
    .output(syncSummarySchema)
    .mutation(async ({ ctx }) => (await ctx.jobs.runNow(METERBEHEER_SYNC_JOB, { force: true })) as SyncSummary),
  /** The sync job's last run (from the job table) and the caller's own feeds' state: no other organization's feeds. */
  syncStatus: staffProcedure.output(syncStatusSchema).query(async ({ ctx }) => {
    const job = (await ctx.jobs.status()).find((j) => j.name === METERBEHEER_SYNC_JOB);
    return {
      running: job?.running ?? false,
      lastStartedAt: job?.lastStartedAt ?? null,
      lastFinishedAt: job?.lastFinishedAt ?? null,
      lastError: job?.lastError ?? null,
      nextRunAt: job?.nextRunAt ?? null,
      ...(await feedSyncCounts(ctx.db, ctx.user)),
    };
  }),
});
