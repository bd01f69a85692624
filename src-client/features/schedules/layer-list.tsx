import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Layer, type Schedule, type ScheduleMember, shiftUnitLabels, weekdayLabels } from '@/domain/schedule';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { LayerForm } from './layer-form';
import { localText } from './schedule-format';
import { useUpdateSchedule } from './use-schedule-mutations';

const days = (list: number[]) =>
  list.length === 7 ? 'elke dag' : list.length === 5 && list.every((d) => d <= 5) ? 'ma–vr' : list.map((d) => weekdayLabels[d - 1]).join(', ');

function describe(layer: Layer) {
  const turn = `${layer.shift.count} ${layer.shift.count === 1 ? shiftUnitLabels[layer.shift.unit].one : shiftUnitLabels[layer.shift.unit].many}`;
  const windows = (layer.restrictions ?? []).map((r) => `${days(r.days)} ${r.from}–${r.to}`).join('; ');
  return `Beurten van ${turn}, overdracht vanaf ${localText(layer.start)}${windows ? ` · alleen ${windows}` : ' · de hele dag'}`;
}

/** The schedule's layers, later ones winning; each can be edited or removed, and one added. */
export function LayerList({ schedule, members }: { schedule: Schedule; members: ScheduleMember[] }) {
  const update = useUpdateSchedule();
  const [editing, setEditing] = useState<number | null>(null);
  const name = (id: number) => members.find((m) => m.id === id)?.name ?? `Gebruiker ${id}`;
  const save = (layers: Layer[]) => update.mutateAsync({ scheduleId: schedule.id, layers }).then(() => setEditing(null));
  const defaultStart = `${new Date().toISOString().slice(0, 10)}T08:00`;
  return (
    <div className="grid gap-3">
      {schedule.layers.length === 0 ? <p className="text-sm text-muted-foreground">Nog geen lagen: voeg er een toe om de dienst te verdelen.</p> : null}
      <ol className="grid gap-2">
        {schedule.layers.map((layer, i) => (
          <li key={i} className="flex flex-wrap items-start gap-3 rounded-lg border border-border p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {i + 1}. {layer.name}
              </p>
              <p className="text-sm">{layer.users.map(name).join(' → ')}</p>
              <p className="text-xs text-muted-foreground">{describe(layer)}</p>
            </div>
            <div className="flex gap-1">
              <Button variant="outline" size="sm" onClick={() => setEditing(i)}>
                <Pencil aria-hidden className="size-4" />
                Wijzigen
              </Button>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Laag ${layer.name} verwijderen`}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                }
                title="Laag verwijderen?"
                description={`De laag ${layer.name} verdwijnt uit het rooster.`}
                confirmLabel="Verwijderen"
                onConfirm={() =>
                  save(schedule.layers.filter((_, j) => j !== i)).catch((e: unknown) => {
                    throw new Error(requestErrorMessage(e));
                  })
                }
              />
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="outline" onClick={() => setEditing(schedule.layers.length)}>
          <Plus aria-hidden className="size-4" />
          Laag toevoegen
        </Button>
      </div>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing !== null && editing < schedule.layers.length ? 'Laag wijzigen' : 'Laag toevoegen'}
        wide
      >
        {editing !== null ? (
          <LayerForm
            key={editing}
            index={editing}
            layer={schedule.layers[editing]}
            members={members}
            defaultStart={defaultStart}
            onSave={(layer) =>
              save(editing < schedule.layers.length ? schedule.layers.map((l, j) => (j === editing ? layer : l)) : [...schedule.layers, layer])
            }
          />
        ) : null}
      </Dialog>
    </div>
  );
}
