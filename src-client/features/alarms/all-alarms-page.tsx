import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { PageHeader } from '~/components/layout/page-header';
import { Button } from '~/components/ui/button';
import { authFetch } from '~/lib/auth-client';
import { download } from '~/lib/download';
import { useTRPC } from '~/lib/trpc';
import { type AlarmListProps, AlarmListPage, useAlarmList } from './alarm-list-page';
import { type FolderSearch, dashboardListInput, filterStrings } from './folder-search';

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
export function AllAlarmsPage({ tools, ...props }: AlarmListProps & { tools?: ReactNode }) {
  const trpc = useTRPC();
  const { dashboard, folders, search, onSearchChange } = props;
  const list = useQuery(trpc.alarm.search.queryOptions(dashboardListInput(dashboard.id, search), { placeholderData: keepPreviousData }));
  const state = useAlarmList(dashboard);
  const folderLabels = useMemo(() => new Map(folders.map((f) => [f.id, f.label])), [folders]);
  const open = useCallback((alarm: number) => onSearchChange({ alarm }), [onSearchChange]);
  return (
    <AlarmListPage
      {...props}
      state={state}
      list={list}
      header={
        <PageHeader
          title="Alle alarmen"
          description="Zoeken en filteren in alle mappen tegelijk (de prullenbak niet)."
          actions={<ExportButton dashboardId={dashboard.id} search={search} />}
        />
      }
      searchLabel="Zoek in alle mappen: melding, gegevens, locatie, onderwerp"
      tools={tools}
      empty="Geen alarmen gevonden met deze zoekopdracht of dit filter."
      onOpen={open}
      cursorId={search.alarm}
      folderLabels={folderLabels}
    />
  );
}
