import { RefreshCw } from 'lucide-react';
import { parsingStatusLabel } from '@/domain/alarm-email';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/lib/cn';
import { requestErrorMessage } from '~/lib/request-error';
import { useReparse, useReparseRejected } from './use-email-mutations';

function Outcome({ ok, testId, children }: { ok: boolean; testId: string; children: string }) {
  return (
    <p role="status" data-testid={testId} className={cn('text-sm break-words', ok ? 'text-emerald-800' : 'text-red-800')}>
      {children}
    </p>
  );
}

/**
 * "Opnieuw verwerken": the parsers run on this e-mail again now (after a parser changed); the
 * e-mail, its attempts, the inbox and the alarms follow, and the new status is said.
 */
export function ReparseButton({ emailId }: { emailId: number }) {
  const reparse = useReparse(emailId);
  return (
    <div className="grid justify-items-start gap-1.5">
      <Button variant="outline" size="sm" disabled={reparse.isPending} onClick={() => reparse.mutate({ emailId })}>
        {reparse.isPending ? <Spinner /> : <RefreshCw aria-hidden className="size-4" />}
        Opnieuw verwerken
      </Button>
      {reparse.data ? (
        <Outcome ok testId="reparse-result">
          {`Opnieuw verwerkt: ${parsingStatusLabel(reparse.data.parsingStatus, reparse.data.signal).toLowerCase()}.`}
        </Outcome>
      ) : null}
      {reparse.error ? (
        <Outcome ok={false} testId="reparse-result">
          {requestErrorMessage(reparse.error)}
        </Outcome>
      ) : null}
    </div>
  );
}

const queued = (count: number) =>
  count === 0
    ? 'Er zijn geen afgewezen berichten.'
    : `${count.toLocaleString('nl-NL')} ${count === 1 ? 'afgewezen bericht wordt' : 'afgewezen berichten worden'} opnieuw verwerkt.`;

/** "Afgewezen berichten opnieuw verwerken": every REJECTED e-mail of the dashboard goes through the parsers again. */
export function ReparseRejectedButton({ dashboardId }: { dashboardId: number }) {
  const reparse = useReparseRejected();
  const count = reparse.data?.count;
  return (
    <div className="grid justify-items-start gap-1.5 sm:justify-items-end">
      <Button variant="outline" disabled={reparse.isPending} onClick={() => reparse.mutate({ dashboardId })}>
        {reparse.isPending ? <Spinner /> : <RefreshCw aria-hidden className="size-4" />}
        Afgewezen berichten opnieuw verwerken
      </Button>
      {count !== undefined ? (
        <Outcome ok testId="reparse-rejected-result">
          {queued(count)}
        </Outcome>
      ) : null}
      {reparse.error ? (
        <Outcome ok={false} testId="reparse-rejected-result">
          {requestErrorMessage(reparse.error)}
        </Outcome>
      ) : null}
    </div>
  );
}
