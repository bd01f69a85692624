import { keepPreviousData } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { meterKindLabels, providerNames } from '@/domain/feed';
import { PageHeader } from '~/components/layout/page-header';
import { listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { AddFeedMenu } from '~/features/feeds/add-feed-menu';
import { dateTimeOrDash, feedStatusLabels } from '~/features/feeds/feed-labels';
import { SyncButton } from '~/features/feeds/sync-button';
import { SyncStatusLine } from '~/features/feeds/sync-status';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/integrations/meterbeheer/feeds/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadRouteData(cause, () => Promise.all([context.utils.meterbeheer.feeds.ensureData(toListQuery(deps)), context.utils.meterbeheer.syncStatus.ensureData()])),
  component: FeedsPage,
});

function FeedsPage() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const { data, isFetching } = trpc.meterbeheer.feeds.useQuery(toListQuery(search), { placeholderData: keepPreviousData });
  const syncStatus = trpc.meterbeheer.syncStatus.useQuery();
  return (
    <section>
      <PageHeader
        title="Feeds"
        description="Meterdata van Meterbeheer HUB. Nieuwe feeds worden binnen 24 uur geverifieerd."
        actions={
          <>
            <AddFeedMenu />
            {user.type === 'admin' ? <SyncButton /> : null}
          </>
        }
      />
      {syncStatus.data ? <SyncStatusLine status={syncStatus.data} /> : null}
      <ListView
        search={search}
        searchLabel="Zoek op naam, EAN of provider"
        rows={data?.feeds}
        totalPages={data?.totalNumberOfPages}
        loading={isFetching}
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
          { header: 'Status', cell: (feed) => feedStatusLabels[feed.status] },
          { header: 'Gekoppeld', cell: (feed) => (feed.attached ? 'Ja' : 'Nee') },
          { header: 'Laatste synchronisatie', cell: (feed) => dateTimeOrDash(feed.lastSyncTimestamp) },
          { header: 'Laatste fout', className: 'max-w-64', cell: (feed) => <span className="text-destructive">{feed.lastError ?? ''}</span> },
        ]}
      />
    </section>
  );
}
