import { CalendarClock, CheckCircle2, Clock, Mail, Phone, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { type LocationStatus, RESOLVED_DAYS } from '@/domain/customer-view';
import { formatDuration } from '@/lib/duration';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { LoadError } from '~/components/lists/load-error';
import { formatDateTime } from '@/lib/dates';

const when = (iso: string) => formatDateTime(new Date(iso));
const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

function Block({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3 rounded-xl border border-border bg-background p-5 shadow-sm">
      <h3 className="flex items-center gap-2 font-medium">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;
const More = ({ shown, total }: { shown: number; total: number }) =>
  total > shown ? <p className="text-xs text-muted-foreground">En nog {total - shown} meer.</p> : null;

/**
 * What a location's customers see of its alarms: open ones (in behandeling once acknowledged),
 * those resolved in the last 30 days with their time to resolve, maintenance that is planned or
 * under way, and whom to call. Times are Amsterdam's.
 */
function LocationStatusView({ status }: { status: LocationStatus }) {
  const { contact } = status;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="location-status">
      <Block title="Openstaande storingen" icon={<Clock aria-hidden className="size-4 text-muted-foreground" />}>
        {status.openAlarms.length === 0 ? (
          <Empty>Er staan geen storingen open.</Empty>
        ) : (
          <ul className="grid gap-3">
            {status.openAlarms.map((a, i) => (
              <li key={i} className="grid gap-1" data-testid="open-alarm">
                <span className="flex flex-wrap items-center gap-2">
                  <PriorityBadge priority={a.priority} />
                  <span className="min-w-0 font-medium break-words">{a.line}</span>
                </span>
                <span className="text-sm text-muted-foreground">
                  Sinds {when(a.since)}
                  {a.inProgress ? (
                    <span className="ml-2 inline-flex rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800">in behandeling</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        <More shown={status.openAlarms.length} total={status.openCount} />
      </Block>
      <Block title="Gepland onderhoud" icon={<Wrench aria-hidden className="size-4 text-muted-foreground" />}>
        {status.maintenanceWindows.length === 0 ? (
          <Empty>Er is geen onderhoud gepland.</Empty>
        ) : (
          <ul className="grid gap-3">
            {status.maintenanceWindows.map((w, i) => (
              <li key={i} className="grid gap-1" data-testid="maintenance-window">
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  <CalendarClock aria-hidden className="size-4 text-muted-foreground" />
                  <span className="tabular-nums">
                    {when(w.from)} – {when(w.to)}
                  </span>
                  {w.active ? <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">nu bezig</span> : null}
                </span>
                {w.description ? <span className="text-sm break-words">{w.description}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title={`Opgelost in de laatste ${RESOLVED_DAYS} dagen`} icon={<CheckCircle2 aria-hidden className="size-4 text-muted-foreground" />}>
        {status.resolvedAlarms.length === 0 ? (
          <Empty>Geen storingen opgelost in de laatste {RESOLVED_DAYS} dagen.</Empty>
        ) : (
          <ul className="grid gap-3">
            {status.resolvedAlarms.map((a, i) => (
              <li key={i} className="grid gap-1" data-testid="resolved-alarm">
                <span className="flex flex-wrap items-center gap-2">
                  <PriorityBadge priority={a.priority} />
                  <span className="min-w-0 break-words">{a.line}</span>
                </span>
                <span className="text-sm text-muted-foreground">
                  {when(a.since)} · opgelost na {formatDuration(a.resolveSeconds)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <More shown={status.resolvedAlarms.length} total={status.resolvedCount} />
      </Block>
      <Block title={`Contact${contact.name ? `: ${contact.name}` : ''}`} icon={<Phone aria-hidden className="size-4 text-muted-foreground" />}>
        {contact.phone || contact.email || contact.hours ? (
          <dl className="grid gap-2 text-sm" data-testid="contact-block">
            {contact.phone ? (
              <div className="flex items-center gap-2">
                <dt className="sr-only">Telefoon</dt>
                <Phone aria-hidden className="size-4 text-muted-foreground" />
                <dd>
                  <a href={telHref(contact.phone)} className="font-medium text-primary hover:underline">
                    {contact.phone}
                  </a>
                </dd>
              </div>
            ) : null}
            {contact.email ? (
              <div className="flex items-center gap-2">
                <dt className="sr-only">E-mail</dt>
                <Mail aria-hidden className="size-4 text-muted-foreground" />
                <dd className="min-w-0 break-all">
                  <a href={`mailto:${contact.email}`} className="font-medium text-primary hover:underline">
                    {contact.email}
                  </a>
                </dd>
              </div>
            ) : null}
            {contact.hours ? (
              <div className="flex items-center gap-2">
                <dt className="sr-only">Bereikbaar</dt>
                <Clock aria-hidden className="size-4 text-muted-foreground" />
                <dd>{contact.hours}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <Empty>Uw installateur heeft nog geen contactgegevens ingevuld.</Empty>
        )}
      </Block>
    </div>
  );
}

/** The location's status as its query has it: the failure with a retry, loading, or the status. */
export function LocationStatusResult({ query }: { query: { data: LocationStatus | undefined; isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Bezig met laden ...
      </p>
    );
  }
  return <LocationStatusView status={query.data} />;
}
