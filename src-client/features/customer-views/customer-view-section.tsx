import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CUSTOMER_VIEWS, type CustomerView, type Location, customerViewLabels } from '@/domain/location';
import { JsForm } from '~/components/form/js-form';
import { SavedNote } from '~/components/form/saved-note';
import { Button } from '~/components/ui/button';
import { SectionCard } from '~/components/ui/section-card';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { LocationStatusResult } from './location-status';

const hints: Record<CustomerView, string> = {
  NONE: 'Klanten zien alleen hun energie; niets van alarmen.',
  SUMMARY: 'Klanten zien ook openstaande en opgeloste storingen, gepland onderhoud en jullie contactgegevens; nooit alarmgegevens, e-mails, notities of namen.',
};

/**
 * On the location page (admins and the organization's installers): what the location's customers
 * see (customerView), whether they get the monthly mail, and a preview of their view.
 */
export function CustomerViewSection({ location }: { location: Location }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [view, setView] = useState<CustomerView>(location.customerView);
  const [monthlyMail, setMonthlyMail] = useState(location.monthlyMail);
  const [preview, setPreview] = useState(false);
  const save = useMutation(
    trpc.location.update.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.location.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.customerView.pathKey() }),
        ]),
    }),
  );
  const status = useQuery({ ...trpc.customerView.status.queryOptions({ locationId: location.id }), enabled: preview });
  const changed = view !== location.customerView || monthlyMail !== location.monthlyMail;
  return (
    <SectionCard title="Wat de klant ziet">
      <JsForm className="grid gap-4" onSubmit={() => save.mutate({ locationId: location.id, customerView: view, monthlyMail })}>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Klantweergave</legend>
          {CUSTOMER_VIEWS.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="customerView"
                value={value}
                className="mt-0.5 size-4 accent-primary"
                checked={view === value}
                onChange={() => setView(value)}
              />
              <span>
                <span className="font-medium">{customerViewLabels[value]}</span>
                <span className="block text-muted-foreground">{hints[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="monthlyMail"
            className="mt-0.5 size-4 accent-primary"
            checked={monthlyMail}
            onChange={(e) => setMonthlyMail(e.target.checked)}
          />
          <span>
            <span className="font-medium">Maandoverzicht per e-mail</span>
            <span className="block text-muted-foreground">
              De klanten van deze locatie krijgen op de eerste werkdag van de maand om 08:00 het energieverbruik van de vorige maand
              {view === 'SUMMARY' ? ', met de storingen en hun oplostijd' : ''} en een link naar het maandrapport.
            </span>
          </span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!changed || save.isPending}>
            Klantweergave opslaan
          </Button>
          <Button type="button" variant="outline" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
            {preview ? 'Voorbeeld verbergen' : 'Zo ziet de klant het'}
          </Button>
          {save.isSuccess && !changed ? <SavedNote /> : null}
          {save.isError ? (
            <span role="alert" className="text-sm text-destructive">
              {requestErrorMessage(save.error)}
            </span>
          ) : null}
        </div>
      </JsForm>
      {preview ? (
        <div className="mt-6 grid gap-3 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">
            {location.customerView === 'SUMMARY'
              ? 'Zo zien de klanten van deze locatie het deel Storingen en onderhoud op hun locatiepagina.'
              : 'Zo zouden de klanten het zien met Energie, storingen en onderhoud; nu zien ze dit deel niet.'}
          </p>
          <LocationStatusResult query={status} />
        </div>
      ) : null}
    </SectionCard>
  );
}
