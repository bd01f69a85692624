import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { User } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { LoadError } from '~/components/lists/load-error';
import { AlertBanner } from '~/components/ui/alert-banner';
import { useTRPC } from '~/lib/trpc';
import { SetupSteps } from '~/components/setup-steps';
import { setupSteps } from './setup-steps';

/** `alarmSteps`: the alarm set-up guide, which follows the energy steps (its own feature, so the route hands it in). */
export function AdminHomePage({ user, alarmSteps }: { user: User; alarmSteps?: ReactNode }) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.overview.setup.queryOptions());
  const admin = user.type === 'admin';
  return (
    <section className="grid max-w-3xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Beheer"
        description={
          admin
            ? 'Hier beheer je organisaties, locaties, gebruikers, meters en de feeds van Meterbeheer HUB.'
            : 'Hier beheer je de locaties, klanten, meters en feeds van je organisatie.'
        }
      />
      {overview.data && !overview.data.hubConfigured ? (
        <AlertBanner variant="warning" title="Meterbeheer HUB is niet ingesteld">
          {admin
            ? 'METERBEHEER_API_KEY ontbreekt: zonder deze sleutel kunnen geen feeds worden toegevoegd of gesynchroniseerd. Zet de variabele in de omgeving van de server en start het product opnieuw.'
            : 'De sleutel voor Meterbeheer HUB ontbreekt: er kunnen geen feeds worden toegevoegd of gesynchroniseerd. Vraag je beheerder om de sleutel in te stellen.'}
        </AlertBanner>
      ) : null}
      <div className="grid gap-3">
        <h2 className="text-lg font-semibold">Inrichten</h2>
        <p className="text-sm text-muted-foreground">
          Zo richt je het product in, stap voor stap. Een meter gebruikt de kanalen van een feed; een klant ziet de meters van zijn locaties.
        </p>
        {overview.error && !overview.isFetching ? <LoadError error={overview.error} onRetry={() => void overview.refetch()} /> : null}
        {overview.data ? <SetupSteps label="Inrichten in zes stappen" steps={setupSteps(overview.data, user)} /> : null}
        {!overview.data && !overview.error ? <p className="text-sm text-muted-foreground">Bezig met laden ...</p> : null}
      </div>
      {alarmSteps}
    </section>
  );
}
