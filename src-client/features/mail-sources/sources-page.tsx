import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { User } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { QueryRows } from '~/components/lists/query-rows';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { canChangeSettings } from '~/lib/alarms/access';
import { useTRPC } from '~/lib/trpc';
import { AddressDialog } from './address-dialog';
import { SourceCard } from './source-card';
import { SourceSheet } from './source-sheet';

/**
 * The dashboard's mail sources with their status. Everyone in the alarm area may look; adding,
 * changing, deleting, testing and fetching follow the settings rule.
 */
export function SourcesPage({ user, dashboard, folders }: { user: User; dashboard: AlarmDashboard; folders: AlarmFolder[] }) {
  const trpc = useTRPC();
  const sources = useQuery(trpc.mailSource.list.queryOptions({ dashboardId: dashboard.id }));
  const [adding, setAdding] = useState(false);
  const canChange = canChangeSettings(user, dashboard);
  const list = sources.data;
  return (
    <section className="grid [&>:first-child]:mb-0 max-w-5xl min-w-0 gap-4">
      <PageHeader
        title="Bronnen"
        description="De mailboxen (IMAP en Microsoft 365) waaruit dit dashboard alarmmails haalt, en de e-mailadressen waarnaar apparaten rechtstreeks mailen."
        actions={
          canChange ? (
            <div className="flex flex-wrap gap-2">
              <AddressDialog dashboardId={dashboard.id} />
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden className="size-4" />
                Bron toevoegen
              </Button>
            </div>
          ) : null
        }
      />
      {canChange ? null : (
        <AlertBanner variant="primary" title="Alleen bekijken">
          Dit dashboard is niet aanpasbaar: alleen een beheerder kan bronnen toevoegen, wijzigen, testen of nu laten ophalen.
        </AlertBanner>
      )}
      <QueryRows
        query={sources}
        rows={list}
        empty={
          <>
            Er zijn nog geen bronnen.{' '}
            {canChange
              ? 'Voeg een IMAP- of Microsoft 365-mailbox toe om alarmmails op te halen, of een e-mailadres waarnaar apparaten rechtstreeks mailen.'
              : ''}
          </>
        }
      >
        {(rows) => (
          <ul aria-label="Bronnen" className="grid gap-4">
            {rows.map((source) => (
              <SourceCard key={source.id} source={source} folders={folders} dashboardId={dashboard.id} canChange={canChange} />
            ))}
          </ul>
        )}
      </QueryRows>
      {canChange ? <SourceSheet open={adding} onOpenChange={setAdding} dashboardId={dashboard.id} folders={folders} /> : null}
    </section>
  );
}
