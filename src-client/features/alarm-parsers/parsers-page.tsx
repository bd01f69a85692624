import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { User } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { LoadError } from '~/components/lists/load-error';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { canChangeSettings } from '~/lib/alarms/access';
import { useTRPC } from '~/lib/trpc';
import { ParserEditor } from './parser-editor';
import { ParserList } from './parser-list';
import type { ParsersSearch } from './parser-search';

/**
 * The dashboard's parsers in pipeline order, or one parser opened from the URL. Everyone in the
 * alarm area may look; adding, changing, reordering and deleting follow the settings rule.
 */
export function ParsersPage({
  user,
  dashboard,
  folders,
  search,
  onSearchChange,
}: {
  user: User;
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  search: ParsersSearch;
  onSearchChange: (next: ParsersSearch) => void;
}) {
  const trpc = useTRPC();
  const canChange = canChangeSettings(user, dashboard);
  const parsers = useQuery(trpc.alarmParser.list.queryOptions({ dashboardId: dashboard.id }));
  const sources = useQuery(trpc.alarmParser.sources.queryOptions({ dashboardId: dashboard.id }));
  const sourceNames = new Map((sources.data ?? []).map((s) => [s.id, s.name]));
  const add = () => onSearchChange({ parser: 'new', type: 'DEFAULT' });

  if (search.parser !== undefined && (search.parser !== 'new' || canChange)) {
    return (
      <ParserEditor
        key={`${search.parser}`}
        dashboard={dashboard}
        folders={folders}
        sources={sources.data ?? []}
        canChange={canChange}
        parserId={search.parser === 'new' ? undefined : search.parser}
        type={search.type ?? 'DEFAULT'}
        onTypeChange={(type) => onSearchChange({ parser: 'new', type })}
        onClose={() => onSearchChange({})}
      />
    );
  }
  // The server lists them in `index` order, the order the pipeline runs them.
  const list = parsers.data;
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-5xl min-w-0 gap-4">
      <PageHeader
        title="Parsers"
        description="De parsers lezen de binnengekomen e-mails en maken er alarmen van."
        actions={
          canChange && list?.length ? (
            <Button onClick={add}>
              <Plus aria-hidden className="size-4" />
              Parser toevoegen
            </Button>
          ) : null
        }
      />
      {canChange ? null : (
        <AlertBanner variant="primary" title="Alleen bekijken">
          Dit dashboard is niet aanpasbaar: alleen een beheerder kan parsers toevoegen, wijzigen of verwijderen.
        </AlertBanner>
      )}
      {parsers.isError && !list ? (
        <LoadError error={parsers.error} onRetry={() => void parsers.refetch()} />
      ) : !list ? (
        <p role="status" className="py-10 text-center text-muted-foreground">
          Bezig met laden ...
        </p>
      ) : list.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-xl border border-dashed border-border bg-background p-10 text-center text-muted-foreground">
          <p>Nog geen parsers. Zonder parser wordt van geen enkele e-mail een alarm gemaakt.</p>
          {canChange ? (
            <Button onClick={add}>
              <Plus aria-hidden className="size-4" />
              Parser toevoegen
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          {parsers.isError ? <LoadError error={parsers.error} onRetry={() => void parsers.refetch()} title="Verversen mislukt" /> : null}
          <ParserList parsers={list} sourceNames={sourceNames} canChange={canChange} onOpen={(parser) => onSearchChange({ parser })} />
        </>
      )}
    </section>
  );
}
