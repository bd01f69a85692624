import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';

/** One sync of every feed; refreshes the feed table and pages when it ends. */
export function useSyncFeeds() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.meterbeheer.sync.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.meterbeheer.pathKey() }) }));
}
type Sync = ReturnType<typeof useSyncFeeds>;

/** 'Nu synchroniseren', with progress; its outcome shows in `SyncResult`, below the page's buttons. */
export function SyncButton({ sync }: { sync: Sync }) {
  return (
    <Button variant="outline" disabled={sync.isPending} onClick={() => sync.mutate()}>
      {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden className="size-4" />}
      {sync.isPending ? 'Bezig met synchroniseren ...' : 'Nu synchroniseren'}
    </Button>
  );
}

export function SyncResult({ sync }: { sync: Sync }) {
  const result = sync.data;
  if (sync.error) {
    return (
      <AlertBanner variant="error" title="Verzoek mislukt" className="mb-4">
        {requestErrorMessage(sync.error)}
      </AlertBanner>
    );
  }
  if (!result) return null;
  return (
    <AlertBanner variant={result.failed ? 'warning' : 'primary'} title="Synchronisatie klaar" className="mb-4">
      {result.feeds} {result.feeds === 1 ? 'feed' : 'feeds'}, {result.failed} mislukt, {result.stored.toLocaleString('nl-NL')} waarden opgehaald.
    </AlertBanner>
  );
}
