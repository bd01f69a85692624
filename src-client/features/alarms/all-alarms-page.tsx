import { keepPreviousData } from '@tanstack/react-query';
import { Download, Save } from 'lucide-react';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { PageHeader } from '~/components/layout/page-header';
import { Pager } from '~/components/lists/list-controls';
import { LoadError } from '~/components/lists/load-error';
import { Button } from '~/components/ui/button';
import { authFetch } from '~/lib/auth-client';
import { trpc } from '~/lib/trpc';
import { download } from '~/lib/download';
import { AlarmPanel } from './alarm-panel';
import { AlarmRows } from './alarm-rows';
import { AlarmToolbar } from './alarm-toolbar';
import { type FolderSearch, dashboardListInput, dashboardUsersInput, filterStrings } from './folder-search';
import { LiveRegion } from './live-region';
import { useAnnouncer } from './use-announcer';
import { useDashboardLocations } from './use-dashboard-locations';

/** Saves the current filter as a view of the caller's, shown in the sidebar with its count. */
function SaveView({ dashboardId, search }: { dashboardId: number; search: FolderSearch }) {
  const [name, setName] = useState('');
  const utils = trpc.useUtils();
  const create = trpc.alarmView.create.useMutation({ onSuccess: () => utils.alarmView.list.invalidate({ dashboardId }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ dashboardId, name, filter: filterStrings(search) }, { onSuccess: () => setName('') });
  };
  const error = create.error?.data && 'fieldErrors' in create.error.data ? Object.values(create.error.data.fieldErrors ?? {})[0]?.[0] : create.error?.message;
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Weergave opslaan">
      <label className="grid gap-1 text-sm font-medium">
        Naam van de weergave
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={64}
          placeholder="Mijn open HOOG vandaag"
          className="h-9 w-64 max-w-full rounded-md border border-input bg-background px-2 text-sm font-normal"
        />
      </label>
      <Button type="submit" variant="outline" size="sm" disabled={create.isPending}>
        <Save aria-hidden className="size-4" /> Weergave opslaan
      </Button>
      {create.isSuccess ? (
        <span role="status" className="text-sm text-emerald-700">
          Opgeslagen.
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** The filtered alarms as CSV from the REST export, with the signed-in user's token. */
function ExportButton({ dashboardId, search }: { dashboardId: number; search: FolderSearch }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    const query = new URLSearchParams(filterStrings(search)).toString();
    const res = await authFetch(`/api/v1/alarms/dashboards/${dashboardId}/alarms.csv${query ? `?${query}` : ''}`).catch(() => null);
    if (!res?.ok) return setState('failed');
    download(`alarmen-${new Date().toISOString().slice(0, 10)}.csv`, await res.blob());
    setState('idle');
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={state === 'busy'}>
        <Download aria-hidden className="size-4" /> {state === 'busy' ? 'Bezig ...' : 'CSV exporteren'}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-red-700">
          Het exporteren is mislukt. Probeer het opnieuw.
        </span>
      ) : null}
    </span>
  );
}

/** Every folder at once: one search box and the console's filters over the whole dashboard, the folder shown per hit. */
export function AllAlarmsPage({
  dashboard,
  folders,
  search,
  meId,
  onSearchChange,
}: {
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  search: FolderSearch;
  meId: number;
  onSearchChange: (next: Partial<FolderSearch>, replace?: boolean) => void;
}) {
  const list = trpc.alarm.search.useQuery(dashboardListInput(dashboard.id, search), { placeholderData: keepPreviousData });
  const users = trpc.alarmDashboard.users.useQuery(dashboardUsersInput(dashboard.id));
  const userMap = useMemo(() => new Map((users.data?.users ?? []).map((u) => [u.id, u])), [users.data]);
  const folderLabels = useMemo(() => new Map(folders.map((f) => [f.id, f.label])), [folders]);
  const locations = useDashboardLocations(dashboard);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { announcement, announce } = useAnnouncer();
  const rows = list.data?.alarms;
  const onSearch = useCallback((q: string) => onSearchChange({ q: q || undefined, page: undefined }, true), [onSearchChange]);
  return (
    <section className="grid min-w-0 gap-4 [&>:first-child]:mb-0">
      <PageHeader
        title="Alle alarmen"
        description="Zoeken en filteren in alle mappen tegelijk (de prullenbak niet)."
        actions={<ExportButton dashboardId={dashboard.id} search={search} />}
      />
      <LiveRegion text={announcement} />
      <AlarmToolbar
        search={search}
        locations={locations}
        users={users.data?.users ?? []}
        meId={meId}
        searchLabel="Zoek in alle mappen: melding, gegevens, locatie, onderwerp"
        onSearch={onSearch}
        onChange={(next) => onSearchChange(next)}
      />
      <SaveView dashboardId={dashboard.id} search={search} />
      {list.isError && !rows ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !rows ? (
        <p role="status" className="py-10 text-center text-muted-foreground">
          Bezig met laden ...
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-background p-10 text-center text-muted-foreground">
          Geen alarmen gevonden met deze zoekopdracht of dit filter.
        </p>
      ) : (
        <AlarmRows
          rows={rows}
          users={userMap}
          selected={selected}
          onSelect={setSelected}
          onOpen={(alarm) => onSearchChange({ alarm })}
          openId={search.alarm}
          cursorId={search.alarm}
          folderLabels={folderLabels}
        />
      )}
      <Pager page={search.page ?? 1} totalPages={list.data?.totalNumberOfPages ?? 0} onPage={(page) => onSearchChange({ page })} />
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
