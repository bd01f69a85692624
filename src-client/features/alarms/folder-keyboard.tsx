import { useState } from 'react';
import type { AlarmListItem } from '@/domain/alarm';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';
import { ShortcutHelp } from './shortcut-help';
import { useAcknowledge, useDeleteAlarms, useSetFolder } from './use-alarm-mutations';
import { useFolderShortcuts } from './use-folder-shortcuts';

interface Props {
  folder: AlarmFolder;
  resolvedFolder: AlarmFolder | undefined;
  rows: AlarmListItem[];
  cursorId: number | undefined;
  onCursor: (id: number) => void;
  openId: number | undefined;
  onOpen: (id: number) => void;
  onToggleSelected: (id: number) => void;
  announce: (text: string) => void;
}

/** Gives the cursor row the focus (a visible ring) and scrolls it into view; the open panel keeps the focus itself. */
function focusRow(id: number) {
  const button = document.querySelector<HTMLElement>(`[data-alarm-open="${id}"]`);
  button?.focus({ preventScroll: true });
  button?.scrollIntoView({ block: 'nearest' });
}

/** The folder page's shortcuts at work, their help dialog (behind its button), and the delete confirmation for `#`. */
export function FolderKeyboard({ folder, resolvedFolder, rows, cursorId, onCursor, openId, onOpen, onToggleSelected, announce }: Props) {
  const [help, setHelp] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const acknowledge = useAcknowledge();
  const move = useSetFolder();
  const remove = useDeleteAlarms();
  const rowIds = rows.map((r) => r.id);
  const setCursor = (id: number) => {
    onCursor(id);
    if (openId === undefined) focusRow(id);
  };
  /** The row leaves this folder: the cursor goes on to its neighbour. */
  const leaving = (id: number) => {
    const i = rowIds.indexOf(id);
    const next = rowIds[i + 1] ?? rowIds[i - 1];
    if (i !== -1 && next !== undefined && cursorId === id) setCursor(next);
  };
  const failed = (error: unknown) => announce(requestErrorMessage(error));
  useFolderShortcuts({
    rowIds,
    cursorId,
    setCursor,
    openId,
    open: onOpen,
    paused: help,
    help: () => setHelp(true),
    toggleSelected: onToggleSelected,
    acknowledge: (id) => {
      if (rows.find((r) => r.id === id)?.acknowledgedAt) return announce('Dit alarm was al bevestigd');
      acknowledge.mutate({ alarmId: id }, { onSuccess: () => announce('Alarm bevestigd'), onError: failed });
    },
    resolve: (id) => {
      if (!resolvedFolder || !folder.relevant) return announce('Dit alarm is al opgelost');
      leaving(id);
      move.mutate(
        { alarmId: id, folderId: resolvedFolder.id },
        { onSuccess: () => announce(`Alarm opgelost, verplaatst naar ${resolvedFolder.label}`), onError: failed },
      );
    },
    remove: setDeleting,
  });
  return (
    <>
      <ShortcutHelp open={help} onOpenChange={setHelp} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={folder.trash ? 'Definitief verwijderen' : 'Naar de prullenbak'}
        description={
          folder.trash
            ? 'Dit alarm wordt definitief verwijderd. Dit kan niet ongedaan worden gemaakt.'
            : 'Dit alarm gaat naar de Prullenbak. Daar kun je het terugzetten of definitief verwijderen.'
        }
        confirmLabel={folder.trash ? 'Definitief verwijderen' : 'Verwijderen'}
        onConfirm={async () => {
          if (deleting === null) return;
          try {
            leaving(deleting);
            await remove.mutateAsync({ folderId: folder.id, alarmIds: String(deleting) });
          } catch (error) {
            throw new Error(requestErrorMessage(error));
          }
          announce(folder.trash ? 'Alarm definitief verwijderd' : 'Alarm naar de Prullenbak verplaatst');
        }}
      />
    </>
  );
}
