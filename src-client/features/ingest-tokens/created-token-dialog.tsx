import type { ReactNode } from 'react';
import type { CreatedIngestToken } from '@/domain/ingest-token';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Dialog } from '~/components/ui/dialog';
import { CopyButton } from '~/components/ui/copy-button';

/** The new token, shown this once, with `usage`: what to do with it (the hooks' configuration). */
export function CreatedTokenDialog({
  created,
  onClose,
  usage,
}: {
  created: CreatedIngestToken | null;
  onClose: () => void;
  usage: (token: string) => ReactNode;
}) {
  if (!created) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Token "${created.name}" aangemaakt`} wide>
      <AlertBanner variant="warning" title="Kopieer het token nu">
        Het token wordt alleen nu getoond; het wordt niet bewaard. Kwijt? Trek het in en maak een nieuw.
      </AlertBanner>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all" aria-label="Token">
          {created.token}
        </code>
        <CopyButton text={created.token} label="Token kopiëren" />
      </div>
      {usage(created.token)}
    </Dialog>
  );
}
