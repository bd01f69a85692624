import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { meterKindLabels, providerNames } from '@/domain/meterbeheer';
import { PageHeader } from '~/components/layout/page-header';
import { listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { loadListData } from '~/components/lists/load-list';
import { AddFeedMenu } from '~/features/meterbeheer/add-feed-menu';
import { dateTimeOrDash } from '~/features/meterbeheer/feed-labels';
import { FeedStatusCell } from '~/features/meterbeheer/feed-status';
import { SyncButton, SyncResult, useSyncFeeds } from '~/features/meterbeheer/sync-button';
import { SyncStatusLine } from '~/features/meterbeheer/sync-status';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/integrations/meterbeheer/feeds/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadListData(cause, () =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.meterbeheer.feeds.queryOptions(toListQuery(deps))),
        context.queryClient.ensureQueryData(context.trpc.meterbeheer.syncStatus.queryOptions()),
      ]),
    ),
  component: FeedsPage,
});

function FeedsPage() {
  const trpc = useTRPC();
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const list = useQuery(trpc.meterbeheer.feeds.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
  const syncStatus = useQuery(trpc.meterbeheer.syncStatus.queryOptions());
  const sync = useSyncFeeds();
  return (
    <section>
      <PageHeader
        title="Feeds"
        description="Meterdata van Meterbeheer HUB. Nieuwe feeds worden binnen 24 uur geverifieerd."
        actions={
          <>
            <AddFeedMenu />
            {user.type === 'admin' ? <SyncButton sync={sync} /> : null}
          </>
        }
      />
      <SyncResult sync={sync} />
      {syncStatus.data ? <SyncStatusLine status={syncStatus.data} /> : null}
      <ListView
        search={search}
        searchLabel="Zoek op naam, EAN of provider"
        rows={list.data?.feeds}
        totalPages={list.data?.totalNumberOfPages}
        query={list}
        empty="Er zijn nog geen feeds."
        emptySearch="Geen feeds gevonden."
        rowKey={(feed) => feed.uuid}
        columns={[
          { header: 'Provider', cell: (feed) => providerNames[feed.provider] },
          {
            header: 'Naam',
            cell: (feed) => (
              <Link to="/admin/integrations/meterbeheer/feed/$feedUuid" params={{ feedUuid: feed.uuid }} className="font-medium text-primary hover:underline">
                {feed.name}
              </Link>
            ),
          },
          { header: 'EAN', className: 'tabular-nums', cell: (feed) => feed.ean ?? '–' },
          { header: 'Metertype', cell: (feed) => meterKindLabels[feed.meterKind] },
          { header: 'Status', cell: (feed) => <FeedStatusCell feed={feed} /> },
          { header: 'Gekoppeld', cell: (feed) => (feed.attached ? 'Ja' : 'Nee') },
          { header: 'Laatste synchronisatie', cell: (feed) => dateTimeOrDash(feed.lastSyncTimestamp) },
        ]}
      />
    </section>
  );
}
