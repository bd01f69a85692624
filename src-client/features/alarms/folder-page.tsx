import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { FolderIcon } from '~/components/alarms/folder-icon';
import { PageHeader } from '~/components/layout/page-header';
import { Pager } from '~/components/lists/list-controls';
import { LoadError } from '~/components/lists/load-error';
import { trpc } from '~/lib/trpc';
import { AlarmPanel } from './alarm-panel';
import { AlarmRows } from './alarm-rows';
import { AlarmToolbar } from './alarm-toolbar';
import { BulkActions } from './bulk-actions';
import { FolderKeyboard } from './folder-keyboard';
import { type FolderSearch, alarmListInput, apiFilter, dashboardUsersInput } from './folder-search';
import { resolvedFolderOf } from './lifecycle-folders';
import { LiveRegion } from './live-region';
import { NewAlarmDialog } from './new-alarm-dialog';
import { useAnnouncer } from './use-announcer';
import { useDashboardLocations } from './use-dashboard-locations';

const descriptions: Record<string, string> = {
  inbox: 'Nieuwe alarmen komen hier binnen.',
  done: 'Afgehandelde alarmen.',
  trash: 'Verwijderde alarmen. Wat je hier verwijdert, is definitief weg.',
};

/**
 * A folder's alarms: search, sort, filter, page, select and act on many, open one in the side
 * panel, all of it also by keyboard; what an action did is announced to screen readers.
 */
export function FolderPage({
  dashboard,
  folders,
  folder,
  search,
  meId,
  onSearchChange,
}: {
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  folder: AlarmFolder;
  search: FolderSearch;
  meId: number;
  onSearchChange: (next: Partial<FolderSearch>, replace?: boolean) => void;
}) {
  const list = trpc.alarm.list.useQuery(alarmListInput(folder.id, search), { placeholderData: keepPreviousData });
  const users = trpc.alarmDashboard.users.useQuery(dashboardUsersInput(dashboard.id));
  const locations = useDashboardLocations(dashboard);
  const userMap = useMemo(() => new Map((users.data?.users ?? []).map((u) => [u.id, u])), [users.data]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [cursorId, setCursorId] = useState<number | undefined>(search.alarm);
  const { announcement, announce } = useAnnouncer();
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
  const onSearch = useCallback((q: string) => onSearchChange({ q: q || undefined, page: undefined }, true), [onSearchChange]);
  const filtered = Object.keys(apiFilter({ ...search, sort: undefined })).length > 1;
  return (
    <section className="grid [&>:first-child]:mb-0 min-w-0 gap-4">
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
      <LiveRegion text={announcement} />
      <AlarmToolbar
        search={search}
        locations={locations}
        users={users.data?.users ?? []}
        meId={meId}
        onSearch={onSearch}
        onChange={(next) => {
          setSelected(new Set());
          onSearchChange(next);
        }}
      />
      <BulkActions
        dashboardId={dashboard.id}
        folder={folder}
        folders={folders}
        resolvedFolder={resolvedFolder}
        alarmIds={selectedIds}
        onDone={() => setSelected(new Set())}
      />
      {list.isError && !rows ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !rows ? (
        <p role="status" className="py-10 text-center text-muted-foreground">
          Bezig met laden ...
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-background p-10 text-center text-muted-foreground">
          {filtered ? 'Geen alarmen gevonden met deze zoekopdracht of dit filter.' : 'Deze map is leeg.'}
        </p>
      ) : (
        <>
          {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} title="Verversen mislukt" /> : null}
          <AlarmRows rows={rows} users={userMap} selected={selected} onSelect={setSelected} onOpen={open} openId={search.alarm} cursorId={cursorId} />
        </>
      )}
      <Pager
        page={search.page ?? 1}
        totalPages={list.data?.totalNumberOfPages ?? 0}
        onPage={(page) => {
          setSelected(new Set());
          onSearchChange({ page });
        }}
      />
      {search.alarm ? (
        <AlarmPanel
          alarmId={search.alarm}
          dashboard={dashboard}
          folders={folders}
          users={users.data?.users ?? []}
          meId={meId}
          onClose={() => onSearchChange({ alarm: undefined })}
          announcement={announcement}
          announce={announce}
        />
      ) : null}
    </section>
  );
}
