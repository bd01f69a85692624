import { RotateCw } from 'lucide-react';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { requestErrorMessage } from '~/lib/request-error';

/** A list or figure that failed to load: the reason and a way to ask again, never an empty list. */
export function LoadError({ error, onRetry, title = 'Laden mislukt', className }: { error: unknown; onRetry: () => void; title?: string; className?: string }) {
  return (
    <AlertBanner variant="error" title={title} className={className}>
      <div className="flex flex-wrap items-center gap-3">
        <span>{requestErrorMessage(error)}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden className="size-4" />
          Opnieuw proberen
        </Button>
      </div>
    </AlertBanner>
  );
}
