import type { SystemStatus } from '@/domain/system';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '~/components/ui/badge';
import { SectionCard } from '~/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatBytes } from '~/lib/format-bytes';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '–');

/** Dutch names of the background jobs; an unknown job shows its own name. */
const JOB_NAMES: Record<string, string> = {
  'meterbeheer-sync': 'Meterbeheer HUB-synchronisatie',
  'mail-fetch': 'Mail ophalen',
  'mail-read': 'Mail lezen',
  'alarm-parse': 'Mail verwerken',
  notify: 'Meldingen versturen',
  'heartbeat-check': 'Hartslagen controleren',
  'source-silence': 'Stille mailbronnen',
  'energy-no-data': 'Energieregels: ontbrekende data',
  backup: 'Back-up',
};

export function SystemSummary({ status }: { status: SystemStatus }) {
  const items: [string, string][] = [
    ['Versie', status.version],
    ['Database', status.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'],
    ['Grootte database', formatBytes(status.databaseBytes)],
    ['Instanties', String(status.instances.length)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-background p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InstancesSection({ instances }: { instances: SystemStatus['instances'] }) {
  return (
    <SectionCard title="Instanties en leases">
      <ul className="grid gap-3">
        {instances.map((i) => (
          <li key={i.id} className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <code className="break-all">{i.id}</code>
              {i.current ? <Badge tone="success">Deze instantie</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {i.leases.length === 0
                ? 'Houdt nu geen werk vast.'
                : i.leases.map((l) => `${JOB_NAMES[l.name] ?? l.name} (tot ${when(l.until).slice(11)})`).join(', ')}
            </p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function JobsSection({ jobs }: { jobs: SystemStatus['jobs'] }) {
  return (
    <SectionCard title="Taken">
      <Table aria-label="Taken">
        <TableHeader>
          <TableRow>
            <TableHead>Taak</TableHead>
            <TableHead className="hidden sm:table-cell">Laatst klaar</TableHead>
            <TableHead>Volgende</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {jobs.map((j) => (
            <TableRow key={j.name}>
              <TableCell>{JOB_NAMES[j.name] ?? j.name}</TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">{when(j.lastFinishedAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{j.running ? 'Bezig' : when(j.nextRunAt)}</TableCell>
              <TableCell>
                {j.lastOk === false ? (
                  <span className="grid gap-1">
                    <Badge tone="error" className="w-fit">
                      {j.failureCount}× mislukt
                    </Badge>
                    <span className="text-sm text-muted-foreground">{j.lastError}</span>
                  </span>
                ) : j.lastOk ? (
                  <Badge tone="success">In orde</Badge>
                ) : (
                  <Badge>Nog niet gedraaid</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}

export function MailSourcesSection({ sources }: { sources: SystemStatus['mailSources'] }) {
  return (
    <SectionCard title="Mailbronnen">
      {sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">Er zijn geen mailbronnen.</p>
      ) : (
        <Table aria-label="Mailbronnen">
          <TableHeader>
            <TableRow>
              <TableHead>Bron</TableHead>
              <TableHead>Laatst opgehaald</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sources.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  {s.name} <span className="text-muted-foreground">({s.dashboardName})</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{when(s.lastFetchAt)}</TableCell>
                <TableCell>
                  {s.lastError ? (
                    <span className="grid gap-1">
                      <Badge tone="error" className="w-fit">
                        {s.failureCount}× mislukt
                      </Badge>
                      <span className="text-sm text-muted-foreground">{s.lastError}</span>
                    </span>
                  ) : (
                    <Badge tone="success">In orde</Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

export function NotificationFailuresSection({ failures }: { failures: SystemStatus['notificationFailures'] }) {
  const total = failures.reduce((a, f) => a + f.failed, 0);
  return (
    <SectionCard title="Mislukte meldingen (24 uur)">
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">Geen mislukte meldingen in de laatste 24 uur.</p>
      ) : (
        <ul className="grid gap-1">
          {failures.map((f) => (
            <li key={f.channel}>
              <Badge tone="error">{f.failed}</Badge> via {f.channel === 'EMAIL' ? 'e-mail' : 'webhook'}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
