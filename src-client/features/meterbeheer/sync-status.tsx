import type { SyncStatus } from '@/domain/meterbeheer';
import { AlertBanner } from '~/components/ui/alert-banner';
import { dateTimeOrDash } from '~/lib/date-time';

/** The sync job's last run (from the server's job table) and how the caller's feeds fared. */
export function SyncStatusLine({ status }: { status: SyncStatus }) {
  const failedText = status.failed === 0 ? 'geen fouten' : `${status.failed} met een fout bij de laatste poging`;
  return (
    <div className="mb-4 grid gap-2" data-testid="sync-status">
      <p className="text-sm text-muted-foreground">
        {status.running ? 'Bezig met synchroniseren ... ' : null}
        Laatste synchronisatie: {dateTimeOrDash(status.lastFinishedAt ?? status.lastStartedAt)}
        {status.nextRunAt ? <> · volgende: {dateTimeOrDash(status.nextRunAt)}</> : null} · {status.feeds} {status.feeds === 1 ? 'feed' : 'feeds'}, {failedText}.
      </p>
      {status.lastError ? (
        <AlertBanner variant="error" title="De laatste synchronisatie is mislukt">
          {status.lastError}
        </AlertBanner>
      ) : null}
    </div>
  );
}
