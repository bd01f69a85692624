import { Check, CheckCheck, ChevronDown, FolderInput, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { FolderIcon } from '~/components/alarms/folder-icon';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { cn } from '~/lib/cn';
import { requestErrorMessage } from '~/lib/request-error';
import { useAcknowledgeMany, useDeleteAlarms, useMoveAlarms } from './use-alarm-mutations';

const alarmen = (n: number) => (n === 1 ? '1 alarm' : `${n} alarmen`);

interface Props {
  dashboardId: number;
  folder: AlarmFolder;
  folders: AlarmFolder[];
  /** Where "Oplossen" moves them; absent or this folder: they are resolved already. */
  resolvedFolder: AlarmFolder | undefined;
  alarmIds: number[];
  onDone: () => void;
}

/** What can be done with the selected alarms at once: acknowledge, resolve, move them to another folder, or delete them. */
export function BulkActions({ dashboardId, folder, folders, resolvedFolder, alarmIds, onDone }: Props) {
  const move = useMoveAlarms();
  const remove = useDeleteAlarms();
  const acknowledge = useAcknowledgeMany();
  const [done, setDone] = useState<string | null>(null);
  const count = alarmIds.length;
  const ids = alarmIds.join(',');
  const act = async (work: () => Promise<unknown>, message: string) => {
    setDone(null);
    try {
      await work();
      setDone(message);
      onDone();
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const resolveTo = folder.relevant ? resolvedFolder : undefined;
  const error = move.error ?? acknowledge.error;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 shadow-sm">
        <span className={cn('mr-auto text-sm font-medium', !count && 'hidden text-muted-foreground sm:inline')} aria-live="polite">
          {count ? `${alarmen(count)} geselecteerd` : 'Selecteer alarmen om ze te bevestigen, op te lossen, te verplaatsen of te verwijderen.'}
        </span>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!count || acknowledge.isPending}
            onClick={() => act(() => acknowledge.mutateAsync({ dashboardId, alarmIds }), `${alarmen(count)} bevestigd.`)}
          >
            <Check aria-hidden className="size-4" />
            Bevestigen
          </Button>
          {resolveTo ? (
            <Button
              variant="outline"
              size="sm"
              disabled={!count || move.isPending}
              onClick={() => act(() => move.mutateAsync({ folderId: resolveTo.id, alarmIds: ids }), `${alarmen(count)} opgelost (naar ${resolveTo.label}).`)}
            >
              <CheckCheck aria-hidden className="size-4" />
              Oplossen
            </Button>
          ) : null}
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <Button variant="outline" size="sm" disabled={!count || move.isPending}>
                <FolderInput aria-hidden className="size-4" />
                Verplaatsen naar…
                <ChevronDown aria-hidden className="hidden size-4 sm:block" />
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border border-border bg-background p-1 shadow-md">
                {folders
                  .filter((f) => f.id !== folder.id)
                  .map((target) => (
                    <DropdownMenu.Item
                      key={target.id}
                      className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted"
                      onSelect={() => act(() => move.mutateAsync({ folderId: target.id, alarmIds: ids }), `${alarmen(count)} verplaatst naar ${target.label}.`)}
                    >
                      <FolderIcon name={target.icon} />
                      {target.label}
                    </DropdownMenu.Item>
                  ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          <ConfirmDialog
            title={folder.trash ? 'Definitief verwijderen' : 'Naar de prullenbak'}
            description={
              folder.trash
                ? `${alarmen(count)} ${count === 1 ? 'wordt' : 'worden'} definitief verwijderd. Dit kan niet ongedaan worden gemaakt.`
                : `${alarmen(count)} ${count === 1 ? 'gaat' : 'gaan'} naar de Prullenbak. Daar kun je ze terugzetten of definitief verwijderen.`
            }
            confirmLabel={folder.trash ? 'Definitief verwijderen' : 'Verwijderen'}
            trigger={
              <Button variant="outline" size="sm" disabled={!count}>
                <Trash2 aria-hidden className="size-4" />
                {folder.trash ? 'Definitief verwijderen' : 'Verwijderen'}
              </Button>
            }
            onConfirm={async () => {
              setDone(null);
              try {
                await remove.mutateAsync({ folderId: folder.id, alarmIds: ids });
              } catch (error) {
                throw new Error(requestErrorMessage(error));
              }
              setDone(folder.trash ? `${alarmen(count)} definitief verwijderd.` : `${alarmen(count)} naar de Prullenbak verplaatst.`);
              onDone();
            }}
          />
        </div>
      </div>
      {error ? (
        <AlertBanner variant="error" title={error === move.error ? 'Verplaatsen mislukt' : 'Bevestigen mislukt'}>
          {requestErrorMessage(error)}
        </AlertBanner>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-muted-foreground">
          {done}
        </p>
      ) : null}
    </div>
  );
}
