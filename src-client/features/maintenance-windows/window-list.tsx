import type { MaintenanceWindow } from '@/domain/maintenance-window';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { useDeleteWindow, useEndWindow } from './use-maintenance-window-mutations';

type Phase = 'active' | 'planned' | 'past';

const badge = {
  active: <Badge tone="warning">Actief</Badge>,
  planned: <Badge tone="neutral">Gepland</Badge>,
  past: <Badge tone="success">Voorbij</Badge>,
} as const;

/** The server says whether a window is active; one that is not is planned until its end has passed. */
const phaseOf = (w: MaintenanceWindow): Phase => (w.active ? 'active' : Date.parse(w.to) > Date.now() ? 'planned' : 'past');

const period = (w: MaintenanceWindow) => `${formatDateTime(new Date(w.from))} – ${formatDateTime(new Date(w.to))}`;

/** Rethrown as an Error with the server's Dutch message, for the confirmation dialog to show. */
const orMessage = async (request: Promise<unknown>) => {
  try {
    await request;
  } catch (error) {
    throw new Error(requestErrorMessage(error));
  }
};

function WindowActions({ window, phase }: { window: MaintenanceWindow; phase: Phase }) {
  const end = useEndWindow();
  const remove = useDeleteWindow();
  return (
    <div className="flex flex-wrap gap-2">
      {phase === 'active' ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              Nu beëindigen
            </Button>
          }
          title="Onderhoudsvenster nu beëindigen?"
          description="Alarmen die vanaf nu binnenkomen, worden weer gewoon gemeld."
          confirmLabel="Beëindigen"
          onConfirm={() => orMessage(end.mutateAsync({ windowId: window.id }))}
        />
      ) : null}
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="ghost">
            Verwijderen
          </Button>
        }
        title="Onderhoudsvenster verwijderen?"
        description={`${period(window)}${window.note ? ` (${window.note})` : ''} wordt verwijderd. Alarmen die al zijn afgehandeld, blijven afgehandeld.`}
        confirmLabel="Verwijderen"
        onConfirm={() => orMessage(remove.mutateAsync({ windowId: window.id }))}
      />
    </div>
  );
}

/** Active and planned windows first, then past ones (the server's order), each with its state. */
export function WindowList({ windows, editable }: { windows: MaintenanceWindow[]; editable: boolean }) {
  if (windows.length === 0) return <p className="text-sm text-muted-foreground">Er zijn nog geen onderhoudsvensters.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Onderhoudsvensters">
      {windows.map((w) => {
        const phase = phaseOf(w);
        return (
          <li key={w.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                {badge[phase]}
                <span className="text-sm font-medium tabular-nums">{period(w)}</span>
              </div>
              {w.note ? <p className="text-sm break-words">{w.note}</p> : null}
              <p className="text-xs text-muted-foreground break-all">
                {w.match ? (
                  <>
                    Patroon: <code>{w.match}</code>
                  </>
                ) : (
                  'Alle alarmen'
                )}
                {w.createdBy ? ` · door ${w.createdBy.fullName}` : ''}
              </p>
            </div>
            {editable ? <WindowActions window={w} phase={phase} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
