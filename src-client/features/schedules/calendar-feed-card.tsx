import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { CopyButton } from '~/components/ui/copy-button';
import { Input } from '~/components/ui/input';
import { SectionCard } from '~/components/ui/section-card';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { useResetCalendarUrl } from './use-schedule-mutations';

/** The secret address of the user's calendar of shifts, to copy into a calendar app, and a reset. */
export function CalendarFeedCard() {
  const trpc = useTRPC();
  const url = useQuery(trpc.schedule.calendarUrl.queryOptions());
  const reset = useResetCalendarUrl();
  return (
    <SectionCard title="Piketdiensten in je agenda">
      <div className="grid gap-3 text-sm">
        <p>Met dit adres zie je je eigen piketdiensten in je agenda, acht weken vooruit. Het adres is geheim: wie het heeft, ziet je diensten.</p>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            readOnly
            aria-label="Adres van je agenda"
            value={url.data?.url ?? (url.isError ? 'Het adres kon niet worden geladen.' : 'Bezig met laden ...')}
            className="min-w-0 flex-1 font-mono text-xs"
            onFocus={(e) => e.target.select()}
          />
          {url.data ? <CopyButton text={url.data.url} label="Kopiëren" /> : null}
        </div>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          <li>
            <strong className="text-foreground">Outlook</strong>: Agenda → Agenda toevoegen → Abonneren vanaf internet, en plak het adres.
          </li>
          <li>
            <strong className="text-foreground">Google Agenda</strong>: Andere agenda's → + → Via URL, en plak het adres.
          </li>
          <li>
            <strong className="text-foreground">Apple Agenda</strong>: Archief → Nieuw agenda-abonnement (op iPhone: Instellingen → Agenda → Accounts → Voeg
            account toe → Overig → Voeg agenda-abonnement toe).
          </li>
        </ul>
        <p className="text-muted-foreground">
          Agenda's halen het adres zelf op, meestal een paar keer per dag; een wijziging in het rooster verschijnt dus niet meteen.
        </p>
        <div>
          <ConfirmDialog
            trigger={
              <Button variant="outline">
                <RefreshCw aria-hidden className="size-4" />
                Nieuwe link maken
              </Button>
            }
            title="Nieuwe link maken?"
            description="Het oude adres werkt meteen niet meer. Agenda's met het oude adres tonen je diensten niet meer tot je het nieuwe adres toevoegt."
            confirmLabel="Nieuwe link maken"
            onConfirm={() =>
              reset.mutateAsync().then(
                () => undefined,
                (e: unknown) => {
                  throw new Error(requestErrorMessage(e));
                },
              )
            }
          />
        </div>
      </div>
    </SectionCard>
  );
}
