import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { type AlarmFolder, countModeLabels } from '@/domain/alarm-folder';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { cn } from '~/lib/cn';
import { requestErrorMessage } from '~/lib/request-error';
import { FolderIcon } from '../folder-icon';
import { useDeleteFolder, useReorderFolders } from '../use-settings-mutations';
import { FolderDialog } from './folder-dialog';

const moved = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

function Tag({ children }: { children: string }) {
  return <span className="rounded-full border border-border bg-muted px-2 py-0.5 text-xs text-muted-foreground">{children}</span>;
}

/**
 * The folders in their order: drag a row, or use its up and down buttons (keyboard), to reorder;
 * edit in a dialog; delete a folder that is not a system folder (its alarms go to the trash).
 */
export function FolderList({ dashboardId, folders }: { dashboardId: number; folders: AlarmFolder[] }) {
  const reorder = useReorderFolders();
  const remove = useDeleteFolder();
  // The order shown: the server's, or the one just chosen while it is being saved.
  const [order, setOrder] = useState(folders);
  const [source, setSource] = useState(folders);
  if (source !== folders) {
    setSource(folders);
    setOrder(folders);
  }
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const commit = (from: number, to: number, focus?: 'up' | 'down') => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    const folder = order[from]!;
    setOrder(next);
    setAnnouncement(`${folder.label} staat nu op plaats ${to + 1} van ${next.length}.`);
    reorder.mutate({ dashboardId, folderIds: next.map((f) => f.id) }, { onError: () => setOrder(folders) });
    if (focus) {
      // Keep the keyboard on the moved folder; at an edge its other button takes the focus.
      requestAnimationFrame(() => {
        const edge = (focus === 'up' && to === 0) || (focus === 'down' && to === next.length - 1);
        buttons.current.get(`${folder.id}-${edge ? (focus === 'up' ? 'down' : 'up') : focus}`)?.focus();
      });
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Sleep een map naar een andere plek, of gebruik de pijltjesknoppen.</p>
        <FolderDialog
          dashboardId={dashboardId}
          title="Map toevoegen"
          trigger={
            <Button>
              <Plus aria-hidden className="size-4" />
              Map toevoegen
            </Button>
          }
        />
      </div>
      {reorder.error ? (
        <AlertBanner variant="error" title="Volgorde niet opgeslagen">
          {requestErrorMessage(reorder.error)}
        </AlertBanner>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol aria-label="Mappen in volgorde" className="overflow-hidden rounded-xl border border-border bg-background shadow-sm" data-testid="folder-order">
        {order.map((folder, index) => (
          <li
            key={folder.id}
            draggable
            data-testid="folder-row"
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(folder.id));
            }}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) commit(dragging, index);
              setDragging(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            className={cn(
              'flex flex-wrap items-center gap-3 border-b border-border px-3 py-3 last:border-0',
              dragging === index && 'opacity-50',
              over === index && dragging !== null && dragging !== index && 'bg-accent',
            )}
          >
            <GripVertical aria-hidden className="size-4 shrink-0 cursor-grab text-muted-foreground" />
            <FolderIcon name={folder.icon} className="size-5" />
            <div className="min-w-0 flex-1">
              <div className="font-medium" data-testid="folder-label">
                {folder.label}
              </div>
              <div className="flex flex-wrap items-center gap-1.5 pt-1">
                <code className="text-xs text-muted-foreground">{folder.name}</code>
                <Tag>{`Telling: ${countModeLabels[folder.countMode].toLowerCase()}`}</Tag>
                {folder.relevant ? <Tag>Telt mee</Tag> : null}
                {folder.system ? <Tag>Systeemmap</Tag> : null}
              </div>
            </div>
            <div className="flex items-center gap-1">
              <Button
                ref={(el) => void (el ? buttons.current.set(`${folder.id}-up`, el) : buttons.current.delete(`${folder.id}-up`))}
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`${folder.label} omhoog`}
                disabled={index === 0}
                onClick={() => commit(index, index - 1, 'up')}
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                ref={(el) => void (el ? buttons.current.set(`${folder.id}-down`, el) : buttons.current.delete(`${folder.id}-down`))}
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`${folder.label} omlaag`}
                disabled={index === order.length - 1}
                onClick={() => commit(index, index + 1, 'down')}
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
              <FolderDialog
                dashboardId={dashboardId}
                folder={folder}
                title={`Map ${folder.label} bewerken`}
                trigger={
                  <Button variant="ghost" size="icon" className="size-8" aria-label={`${folder.label} bewerken`}>
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                }
              />
              {folder.system ? null : (
                <ConfirmDialog
                  title="Map verwijderen"
                  description={`Weet je zeker dat je de map '${folder.label}' wilt verwijderen? De alarmen in deze map gaan naar de Prullenbak.`}
                  confirmLabel="Verwijderen"
                  trigger={
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`${folder.label} verwijderen`}>
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  }
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync({ folderId: folder.id });
                    } catch (error) {
                      throw new Error(requestErrorMessage(error));
                    }
                  }}
                />
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
