import { keepPreviousData } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/domain/paging';
import { AppHeader } from '~/components/layout/app-header';
import { PageHeader } from '~/components/layout/page-header';
import { Pager, SearchBox } from '~/components/lists/list-controls';
import { type ListSearch, listSearchSchema } from '~/components/lists/list-search';
import { LoadError } from '~/components/lists/load-error';
import { CreateDashboard } from '~/features/alarm-dashboards/create-dashboard';
import { DashboardCard } from '~/features/alarm-dashboards/dashboard-card';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

const toSearchInput = ({ page, q }: ListSearch) => ({ page: (page ?? 1) - 1, size: DEFAULT_PAGE_SIZE, ...(q ? { query: q } : {}) });

export const Route = createFileRoute('/_auth/alarms/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) => loadRouteData(cause, () => context.utils.alarmDashboard.search.ensureData(toSearchInput(deps))),
  component: AlarmDashboardsPage,
});

function AlarmDashboardsPage() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const dashboards = trpc.alarmDashboard.search.useQuery(toSearchInput(search), { placeholderData: keepPreviousData });
  const onSearch = useCallback((q: string) => void navigate({ search: { q: q || undefined, page: undefined } }), [navigate]);
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
          <Pager
            page={search.page ?? 1}
            totalPages={dashboards.data?.totalNumberOfPages ?? 0}
            onPage={(page) => void navigate({ search: { ...search, page } })}
          />
        </div>
      </main>
    </div>
  );
}
