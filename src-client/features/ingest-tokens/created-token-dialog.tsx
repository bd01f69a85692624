import type { CreatedIngestToken } from '@/domain/ingest-token';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Dialog } from '~/components/ui/dialog';
import { CopyButton } from '~/components/ui/copy-button';
import { hookExamples } from './hook-examples';

/** The new token, shown this once, with the configuration for Alertmanager, Grafana and curl. */
export function CreatedTokenDialog({ created, onClose }: { created: CreatedIngestToken | null; onClose: () => void }) {
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
      {hookExamples(window.location.origin, created.token).map((example) => (
        <section key={example.title} className="grid gap-2" aria-label={example.title}>
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">{example.title}</h3>
            <CopyButton text={example.code} />
          </div>
          <p className="text-sm text-muted-foreground">{example.hint}</p>
          {/* Focusable: a long line scrolls, and the keyboard must reach it. */}
          <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
            {example.code}
          </pre>
        </section>
      ))}
    </Dialog>
  );
}
