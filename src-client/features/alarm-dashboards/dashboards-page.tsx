import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@/domain/user';
import { AppHeader } from '~/components/layout/app-header';
import { PageHeader } from '~/components/layout/page-header';
import { Pager, SearchBox } from '~/components/lists/list-controls';
import type { ListSearch } from '~/components/lists/list-search';
import { LoadError } from '~/components/lists/load-error';
import { useTRPC } from '~/lib/trpc';
import { CreateDashboard } from './create-dashboard';
import { DashboardCard } from './dashboard-card';
import { dashboardSearchInput } from './dashboard-search';

/** The alarm area's start: the dashboards the user may open, searchable, a page at a time; admins add one here. */
export function DashboardsPage({ user, search, onSearchChange }: { user: User; search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const dashboards = useQuery(trpc.alarmDashboard.search.queryOptions(dashboardSearchInput(search), { placeholderData: keepPreviousData }));
  const onSearch = useCallback((q: string) => onSearchChange({ q: q || undefined, page: undefined }), [onSearchChange]);
  const rows = dashboards.data?.dashboards;
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-10">
        <PageHeader
          title="Alarmdashboards"
          description="Kies een dashboard om de alarmen te behandelen."
          actions={user.type === 'admin' ? <CreateDashboard /> : null}
        />
        <div className="mb-6">
          <SearchBox label="Zoek op naam of organisatie" value={search.q ?? ''} onSearch={onSearch} />
        </div>
        {dashboards.isError && !rows ? (
          <LoadError error={dashboards.error} onRetry={() => void dashboards.refetch()} />
        ) : !rows ? (
          <p role="status" className="text-muted-foreground">
            Bezig met laden ...
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-background p-8 text-center text-muted-foreground">
            {search.q
              ? 'Geen alarmdashboards gevonden.'
              : user.type === 'admin'
                ? 'Er zijn nog geen alarmdashboards. Voeg er een toe voor een organisatie.'
                : 'Je organisatie heeft nog geen alarmdashboard. Een beheerder kan er een aanmaken.'}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map((dashboard) => (
              <li key={dashboard.id}>
                <DashboardCard dashboard={dashboard} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6">
          <Pager page={search.page ?? 1} totalPages={dashboards.data?.totalNumberOfPages ?? 0} onPage={(page) => onSearchChange({ ...search, page })} />
        </div>
      </main>
    </div>
  );
}
