import type { Feed } from '@/domain/meterbeheer';
import { Badge } from '~/components/ui/badge';
import { feedStatusLabels } from './feed-labels';

/** A feed's status as badges: verified or not, and 'Fout' while its last sync failed. */
export function FeedStatusBadges({ feed }: { feed: Pick<Feed, 'status' | 'lastError'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={feed.status === 'verified' ? 'success' : 'warning'}>{feedStatusLabels[feed.status]}</Badge>
      {feed.lastError ? <Badge tone="error">Fout</Badge> : null}
    </span>
  );
}

/** The table's status cell: the badges, and the last sync's error beneath them (cut short, whole in its title). */
export function FeedStatusCell({ feed }: { feed: Pick<Feed, 'status' | 'lastError'> }) {
  return (
    <div className="grid max-w-72 gap-1">
      <FeedStatusBadges feed={feed} />
      {feed.lastError ? (
        <span className="line-clamp-2 text-xs text-destructive" title={feed.lastError}>
          {feed.lastError}
        </span>
      ) : null}
    </div>
  );
}
