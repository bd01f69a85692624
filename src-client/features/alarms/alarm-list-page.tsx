import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import type { AlarmListItem } from '@/domain/alarm';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { Pager } from '~/components/lists/list-controls';
import { QueryRows } from '~/components/lists/query-rows';
import { useTRPC } from '~/lib/trpc';
import { AlarmPanel } from './alarm-panel';
import { AlarmRows } from './alarm-rows';
import { AlarmToolbar } from './alarm-toolbar';
import { type FolderSearch, dashboardUsersInput } from './folder-search';
import { LiveRegion } from './live-region';
import { useAnnouncer } from './use-announcer';
import { useDashboardLocations } from './use-dashboard-locations';

/**
 * What an alarm list (one folder, or every folder at once) keeps beside its rows: the dashboard's
 * users and locations, the selected rows and the live region's text. A page takes it first, so its
 * header's controls (the folder keyboard, bulk actions) can use the selection and `announce` too.
 */
export function useAlarmList(dashboard: AlarmDashboard) {
  const trpc = useTRPC();
  const users = useQuery(trpc.alarmDashboard.users.queryOptions(dashboardUsersInput(dashboard.id)));
  const userList = users.data?.users;
  const userMap = useMemo(() => new Map((userList ?? []).map((u) => [u.id, u])), [userList]);
  const locations = useDashboardLocations(dashboard);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { announcement, announce } = useAnnouncer();
  return { users: userList ?? [], userMap, locations, selected, setSelected, announcement, announce };
}

/** What the routes give an alarm list page: its dashboard and folders, the URL's search and how to change it. */
export interface AlarmListProps {
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  search: FolderSearch;
  meId: number;
  onSearchChange: (next: Partial<FolderSearch>, replace?: boolean) => void;
}

/** A page of alarms as `alarm.list` and `alarm.search` answer it, with its query's state. */
interface AlarmListQuery {
  data: { alarms: (AlarmListItem & { folderId?: number })[]; totalNumberOfPages: number } | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The body both alarm lists share: the toolbar (search, sort, filters), the rows in their loading,
 * failed and empty states, the pager and the open alarm's side panel. A new filter or page clears
 * the selection. Its page gives the header, what stands between toolbar and rows, and how a row opens.
 */
export function AlarmListPage({
  state,
  dashboard,
  folders,
  search,
  meId,
  onSearchChange,
  list,
  header,
  tools,
  searchLabel,
  empty,
  onOpen,
  cursorId,
  folderLabels,
}: AlarmListProps & {
  state: ReturnType<typeof useAlarmList>;
  list: AlarmListQuery;
  header: ReactNode;
  tools: ReactNode;
  searchLabel?: string;
  empty: string;
  onOpen: (alarmId: number) => void;
  cursorId: number | undefined;
  folderLabels?: Map<number, string>;
}) {
  const { users, userMap, locations, selected, setSelected, announcement, announce } = state;
  const onSearch = useCallback((q: string) => onSearchChange({ q: q || undefined, page: undefined }, true), [onSearchChange]);
  // Another filter or page shows other rows: what was selected is no longer in view.
  const changeList = (next: Partial<FolderSearch>) => {
    setSelected(new Set());
    onSearchChange(next);
  };
  return (
    <section className="grid min-w-0 gap-4 [&>:first-child]:mb-0">
      {header}
      <LiveRegion text={announcement} />
      <AlarmToolbar search={search} locations={locations} users={users} meId={meId} searchLabel={searchLabel} onSearch={onSearch} onChange={changeList} />
      {tools}
      <QueryRows query={list} rows={list.data?.alarms} empty={empty}>
        {(rows) => (
          <AlarmRows
            rows={rows}
            users={userMap}
            selected={selected}
            onSelect={setSelected}
            onOpen={onOpen}
            openId={search.alarm}
            cursorId={cursorId}
            folderLabels={folderLabels}
          />
        )}
      </QueryRows>
      <Pager page={search.page ?? 1} totalPages={list.data?.totalNumberOfPages ?? 0} onPage={(page) => changeList({ page })} />
      {search.alarm ? (
        <AlarmPanel
          alarmId={search.alarm}
          dashboard={dashboard}
          folders={folders}
          users={users}
          meId={meId}
          onClose={() => onSearchChange({ alarm: undefined })}
          announcement={announcement}
          announce={announce}
        />
      ) : null}
    </section>
  );
}
