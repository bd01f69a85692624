import { RefreshCw } from 'lucide-react';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { requestErrorMessage } from '~/lib/request-error';
import { trpc } from '~/lib/trpc';

/** 'Nu synchroniseren': one sync of every feed, with progress and its outcome. */
export function SyncButton() {
  const utils = trpc.useUtils();
  const sync = trpc.meterbeheer.sync.useMutation({ onSettled: () => utils.meterbeheer.invalidate() });
  const result = sync.data;
  return (
    <div className="grid justify-items-end gap-2">
      <Button variant="outline" disabled={sync.isPending} onClick={() => sync.mutate()}>
        {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden className="size-4" />}
        {sync.isPending ? 'Bezig met synchroniseren ...' : 'Nu synchroniseren'}
      </Button>
      {result ? (
        <AlertBanner variant={result.failed ? 'warning' : 'primary'} title="Synchronisatie klaar">
          {result.feeds} {result.feeds === 1 ? 'feed' : 'feeds'}, {result.failed} mislukt, {result.stored.toLocaleString('nl-NL')} waarden opgehaald.
        </AlertBanner>
      ) : null}
      {sync.error ? (
        <AlertBanner variant="error" title="Verzoek mislukt">
          {requestErrorMessage(sync.error)}
        </AlertBanner>
      ) : null}
    </div>
  );
}
