import { GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { type AlarmFolder, countModeLabels } from '@/domain/alarm-folder';
import { FolderIcon } from '~/components/alarms/folder-icon';
import { useDragOrder } from '~/components/lists/use-drag-order';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { FolderDialog } from './folder-dialog';
import { useDeleteFolder, useReorderFolders } from './use-folder-mutations';

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
  const { order, row, arrows, status } = useDragOrder(
    folders,
    (folder) => folder.label,
    (next) => reorder.mutateAsync({ dashboardId, folderIds: next.map((f) => f.id) }),
  );

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
      {status}
      <ol aria-label="Mappen in volgorde" className="overflow-hidden rounded-xl border border-border bg-background shadow-sm" data-testid="folder-order">
        {order.map((folder, index) => (
          <li
            key={folder.id}
            {...row(index, folder, 'flex flex-wrap items-center gap-3 border-b border-border px-3 py-3 last:border-0')}
            data-testid="folder-row"
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
              {arrows(index, folder)}
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
