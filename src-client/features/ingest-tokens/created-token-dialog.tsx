import type { ReactNode } from 'react';
import type { CreatedIngestToken } from '@/domain/ingest-token';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Dialog } from '~/components/ui/dialog';
import { CopyableValue } from '~/components/ui/copy-button';

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
      <CopyableValue value={created.token} name="Token" copyLabel="Token kopiëren" />
      {usage(created.token)}
    </Dialog>
  );
}
