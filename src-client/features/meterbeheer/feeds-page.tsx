import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { meterKindLabels, providerNames } from '@/domain/meterbeheer';
import type { User } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { TextLink } from '~/components/layout/text-link';
import { type ListSearch, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { dateTimeOrDash } from '~/lib/date-time';
import { useTRPC } from '~/lib/trpc';
import { AddFeedMenu } from './add-feed-menu';
import { FeedStatusCell } from './feed-status';
import { SyncButton, SyncResult, useSyncFeeds } from './sync-button';
import { SyncStatusLine } from './sync-status';

export function FeedsPage({ search, user, onSearchChange }: { search: ListSearch; user: User; onSearchChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
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
        onSearchChange={onSearchChange}
        searchLabel="Zoek op naam, EAN of provider"
        rows={list.data?.feeds}
        query={list}
        empty="Er zijn nog geen feeds."
        emptySearch="Geen feeds gevonden."
        rowKey={(feed) => feed.uuid}
        columns={[
          { header: 'Provider', cell: (feed) => providerNames[feed.provider] },
          {
            header: 'Naam',
            cell: (feed) => (
              <TextLink to="/admin/integrations/meterbeheer/feed/$feedUuid" params={{ feedUuid: feed.uuid }}>
                {feed.name}
              </TextLink>
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
