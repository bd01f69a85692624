import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { FolderIcon } from '~/components/alarms/folder-icon';
import { PageHeader } from '~/components/layout/page-header';
import { useTRPC } from '~/lib/trpc';
import { type AlarmListProps, AlarmListPage, useAlarmList } from './alarm-list-page';
import { BulkActions } from './bulk-actions';
import { FolderKeyboard } from './folder-keyboard';
import { alarmListInput, apiFilter } from './folder-search';
import { resolvedFolderOf } from './lifecycle-folders';
import { NewAlarmDialog } from './new-alarm-dialog';

const descriptions: Record<string, string> = {
  inbox: 'Nieuwe alarmen komen hier binnen.',
  done: 'Afgehandelde alarmen.',
  trash: 'Verwijderde alarmen. Wat je hier verwijdert, is definitief weg.',
};

/**
 * A folder's alarms: search, sort, filter, page, select and act on many, open one in the side
 * panel, all of it also by keyboard; what an action did is announced to screen readers.
 */
export function FolderPage({ folder, ...props }: AlarmListProps & { folder: AlarmFolder }) {
  const trpc = useTRPC();
  const { dashboard, folders, search, onSearchChange } = props;
  const list = useQuery(trpc.alarm.list.queryOptions(alarmListInput(folder.id, search), { placeholderData: keepPreviousData }));
  const state = useAlarmList(dashboard);
  const { selected, setSelected, announce } = state;
  const [cursorId, setCursorId] = useState<number | undefined>(search.alarm);
  const resolvedFolder = resolvedFolderOf(dashboard, folders);
  const rows = list.data?.alarms;
  const open = useCallback(
    (alarm: number) => {
      setCursorId(alarm);
      onSearchChange({ alarm });
    },
    [onSearchChange],
  );
  const toggleSelected = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const selectedIds = (rows ?? []).filter((r) => selected.has(r.id)).map((r) => r.id);
  const filtered = Object.keys(apiFilter({ ...search, sort: undefined })).length > 1;
  return (
    <AlarmListPage
      {...props}
      state={state}
      list={list}
      header={
        <PageHeader
          title={folder.label}
          description={
            <span className="inline-flex items-center gap-2">
              <FolderIcon name={folder.icon} />
              {descriptions[folder.name] ?? 'Map met alarmen.'}
            </span>
          }
          actions={
            <>
              <FolderKeyboard
                folder={folder}
                resolvedFolder={resolvedFolder}
                rows={rows ?? []}
                cursorId={cursorId}
                onCursor={setCursorId}
                openId={search.alarm}
                onOpen={open}
                onToggleSelected={toggleSelected}
                announce={announce}
              />
              {folder.trash ? null : <NewAlarmDialog dashboard={dashboard} folders={folders} folderId={folder.id} />}
            </>
          }
        />
      }
      tools={
        <BulkActions
          dashboardId={dashboard.id}
          folder={folder}
          folders={folders}
          resolvedFolder={resolvedFolder}
          alarmIds={selectedIds}
          onDone={() => setSelected(new Set())}
        />
      }
      empty={filtered ? 'Geen alarmen gevonden met deze zoekopdracht of dit filter.' : 'Deze map is leeg.'}
      onOpen={open}
      cursorId={cursorId}
    />
  );
}
