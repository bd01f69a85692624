import { Trash2 } from 'lucide-react';
import type { Schedule } from '@/domain/schedule';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { localText } from './schedule-format';
import { useDeleteOverride } from './use-schedule-mutations';

/** The overrides that have not ended, soonest first. */
export function OverrideList({ schedule }: { schedule: Schedule }) {
  const remove = useDeleteOverride();
  if (schedule.overrides.length === 0) return <p className="text-sm text-muted-foreground">Geen vervangingen gepland.</p>;
  return (
    <ul className="grid gap-2">
      {schedule.overrides.map((o) => (
        <li key={o.id} className="flex items-center gap-3 rounded-lg border border-dashed border-border p-3 text-sm">
          <span className="flex-1">
            <span className="font-medium">{o.name}</span> van {localText(o.from)} tot {localText(o.to)}
          </span>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Vervanging door ${o.name} verwijderen`}>
                <Trash2 aria-hidden className="size-4" />
              </Button>
            }
            title="Vervanging verwijderen?"
            description={`${o.name} neemt de dienst dan niet meer over; het rooster geldt weer.`}
            confirmLabel="Verwijderen"
            onConfirm={() =>
              remove.mutateAsync({ overrideId: o.id }).then(
                () => undefined,
                (e: unknown) => {
                  throw new Error(requestErrorMessage(e));
                },
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}
