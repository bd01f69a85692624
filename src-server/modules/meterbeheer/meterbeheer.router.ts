import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { type AnyFeedForm, addFeedSchema } from '@/domain/feed';
import { listQuerySchema } from '@/domain/paging';
import { adminProcedure, router, staffProcedure } from '../../trpc/trpc';
import { visibleChannels } from './feeds.queries';
import * as feeds from './feeds.service';

const byUuid = v.object({ uuid: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)) });

export const meterbeheerRouter = router({
  feeds: staffProcedure.input(listQuerySchema).query(({ ctx, input }) => feeds.listFeeds(ctx.db, ctx.user, input)),
  feed: staffProcedure.input(byUuid).query(({ ctx, input }) => feeds.getFeed(ctx.db, ctx.user, input.uuid)),
  addFeed: staffProcedure.input(addFeedSchema).mutation(({ ctx, input: { provider, ...form } }) => feeds.addFeed(ctx.db, ctx.hub, ctx.secrets, ctx.user, provider, form as AnyFeedForm)),
  deleteFeed: staffProcedure.input(byUuid).mutation(({ ctx, input }) => feeds.deleteFeed(ctx.db, ctx.hub, ctx.user, input.uuid)),
  detachFeed: staffProcedure.input(byUuid).mutation(({ ctx, input }) => feeds.detachFeed(ctx.db, ctx.user, input.uuid)),
  channelWithFeed: staffProcedure.input(v.object({ channelId: idSchema })).query(({ ctx, input }) => feeds.channelWithFeed(ctx.db, ctx.user, input.channelId)),
  channels: staffProcedure.query(({ ctx }) => visibleChannels(ctx.db, ctx.user)),
  /** Runs one sync of every feed now (ignoring backoff) and answers with its summary. */
  sync: adminProcedure.mutation(({ ctx }) => ctx.sync.syncAll({ force: true })),
  syncStatus: staffProcedure.query(({ ctx }) => ctx.sync.status()),
});
