import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MonthPrintBar } from '~/components/month-print-bar';
import { format } from 'date-fns';
import { formatDuration } from '@/lib/duration';
import type { User } from '@/domain/user';
import { dateLocale, formatDateTime } from '@/lib/dates';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { AppHeader } from '~/components/layout/app-header';
import { usePageTitle } from '~/components/layout/use-page-title';
import { LoadError } from '~/components/lists/load-error';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { useTRPC } from '~/lib/trpc';

const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const monthLabel = (month: string) => format(new Date(`${month}-15T12:00:00Z`), 'LLLL yyyy', { locale: dateLocale });

/**
 * The printable month report of a location for its customers (the monthly mail links here): the
 * month's energy per module, its alarms with their time to resolve (when the location shows its
 * customers alarms) and whom to call. Prints on A4 without the header and the controls.
 */
export function MonthReportPage({
  user,
  locationId,
  locationSelector,
  month,
  onMonth,
}: {
  user: User;
  locationId: number;
  locationSelector: string;
  month: string;
  onMonth: (month: string) => void;
}) {
  const trpc = useTRPC();
  const report = useQuery(trpc.customerView.monthReport.queryOptions({ locationId, month }));
  const name = report.data?.locationName ?? '';
  usePageTitle(`Maandrapport ${name}`.trim());
  const r = report.data;
  return (
    <div className="min-h-full bg-muted print:bg-white">
      <div className="print:hidden">
        <AppHeader user={user} />
      </div>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-10 print:max-w-none print:p-0">
        <nav aria-label="Kruimelpad" className="text-sm text-muted-foreground print:hidden">
          <Link to="/dashboard" className="hover:underline">
            Dashboard
          </Link>
          {' / '}
          <Link to="/dashboard/$locationSelector" params={{ locationSelector }} className="hover:underline">
            {name || 'Locatie'}
          </Link>
          {' / '}Maandrapport
        </nav>
        <header>
          <h1 className="text-2xl font-semibold">Maandrapport {name}</h1>
          <p className="text-muted-foreground first-letter:uppercase">{monthLabel(month)}</p>
        </header>
        <MonthPrintBar id="month-report-month" month={month} onMonth={onMonth} className="print:hidden" />
        {report.isError ? (
          <LoadError error={report.error} onRetry={() => void report.refetch()} />
        ) : !r ? (
          <p role="status" className="text-sm text-muted-foreground">
            Bezig met laden ...
          </p>
        ) : (
          <>
            <section className="grid gap-2">
              <h2 className="text-lg font-semibold">Energie</h2>
              {r.energy.length === 0 ? (
                <p className="text-sm text-muted-foreground">Deze locatie heeft nog geen meters met meetgegevens.</p>
              ) : (
                <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
                  {r.energy.map((m) => (
                    <div key={m.selector} className="rounded-lg border border-border bg-background p-3" data-testid="month-energy">
                      <dt className="text-sm text-muted-foreground">{m.title}</dt>
                      <dd className="text-xl font-semibold tabular-nums">{m.value === null ? '–' : `${number.format(m.value)} ${m.unit}`}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
            {r.alarms ? (
              <section className="grid gap-2">
                <h2 className="text-lg font-semibold">Storingen</h2>
                {r.alarms.count === 0 ? (
                  <p className="text-sm text-muted-foreground">Geen storingen in {monthLabel(month)}.</p>
                ) : (
                  <>
                    <p className="text-sm">
                      {r.alarms.count} {r.alarms.count === 1 ? 'storing' : 'storingen'}, {r.alarms.resolvedCount} opgelost.
                    </p>
                    <div className="overflow-x-auto rounded-lg border border-border bg-background">
                      <Table>
                        <TableHeader>
                          <TableRow>
                            <TableHead>Sinds</TableHead>
                            <TableHead>Storing</TableHead>
                            <TableHead className="text-right">Opgelost na</TableHead>
                          </TableRow>
                        </TableHeader>
                        <TableBody>
                          {r.alarms.list.map((a, i) => (
                            <TableRow key={i} data-testid="month-alarm">
                              <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(new Date(a.since))}</TableCell>
                              <TableCell className="min-w-48">
                                <span className="flex items-start gap-2">
                                  <PriorityBadge priority={a.priority} />
                                  <span className="break-words">{a.line}</span>
                                </span>
                              </TableCell>
                              <TableCell className="text-right whitespace-nowrap tabular-nums">
                                {a.resolveSeconds === null ? 'nog open' : formatDuration(a.resolveSeconds)}
                              </TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </div>
                  </>
                )}
              </section>
            ) : null}
            {r.contact.phone || r.contact.email || r.contact.hours ? (
              <section className="grid gap-1 text-sm">
                <h2 className="text-lg font-semibold">Contact: {r.contact.name}</h2>
                {r.contact.phone ? <p>Telefoon: {r.contact.phone}</p> : null}
                {r.contact.email ? <p>E-mail: {r.contact.email}</p> : null}
                {r.contact.hours ? <p>Bereikbaar: {r.contact.hours}</p> : null}
              </section>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
