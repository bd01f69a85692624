import type { ReactNode } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { type MailSource, sourceTypeLabels } from '@/domain/mail-source';
import { formatInstant } from '~/lib/alarms/format';
import { CopyButton } from '~/components/ui/copy-button';
import { cn } from '~/lib/cn';
import { AddressActions, SourceActions } from './source-actions';

type Health = 'ok' | 'error' | 'new';
const healthOf = (source: MailSource): Health => (source.status.lastError ? 'error' : source.status.lastCheckedAt ? 'ok' : 'new');
const healthBadge: Record<Health, { label: string; className: string }> = {
  ok: { label: 'Verbonden', className: 'border-emerald-300 bg-emerald-50 text-emerald-800' },
  error: { label: 'Fout', className: 'border-red-300 bg-red-50 text-red-800' },
  new: { label: 'Nog niet opgehaald', className: 'border-slate-300 bg-slate-100 text-slate-700' },
};

/** A receiving address is never fetched: it is fine until its first mail, then it receives. */
const smtpLabels: Record<Health, string> = { ok: 'Ontvangt', error: 'Fout', new: 'Nog geen e-mail' };

function SourceStatusBadge({ source }: { source: MailSource }) {
  const health = healthOf(source);
  const { className } = healthBadge[health];
  const label = source.type === 'SMTP' ? smtpLabels[health] : healthBadge[health].label;
  return (
    <span
      data-testid="source-status"
      className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', className)}
    >
      {label}
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('nl-NL')} ${n === 1 ? one : many}`;

/** One source: where its mail comes from, where its alarms go, how it fares, and what can be done with it. */
export function SourceCard({
  source,
  folders,
  dashboardId,
  canChange,
}: {
  source: MailSource;
  folders: AlarmFolder[];
  dashboardId: number;
  canChange: boolean;
}) {
  const folder = folders.find((f) => f.id === source.folderId);
  const { status } = source;
  return (
    <li data-testid="source-card" className="grid gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{source.name}</h2>
          <p className="text-sm text-muted-foreground">{sourceTypeLabels[source.type]}</p>
        </div>
        <SourceStatusBadge source={source} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {source.type === 'SMTP' ? (
          <>
            <div className="grid min-w-0 gap-1 sm:col-span-2">
              <dt className="text-xs text-muted-foreground">Adres</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-2">
                <code data-testid="source-address" className="rounded bg-muted px-1.5 py-0.5 break-all">
                  {source.smtpAddress}
                </code>
                <CopyButton text={source.smtpAddress ?? ''} label="Kopiëren" />
              </dd>
            </div>
            <Detail label="Aanmelden">{source.smtpAuth ? 'Verplicht (AUTH PLAIN, gebruikersnaam het adres)' : 'Niet nodig: het adres is geheim'}</Detail>
          </>
        ) : source.type === 'IMAP' ? (
          <>
            <Detail label="Server">
              {source.imapHost}:{source.imapPort} {source.imapSecure ? '(TLS)' : '(zonder TLS)'}
            </Detail>
            <Detail label="Gebruikersnaam">{source.imapUsername}</Detail>
            <Detail label="Map">{source.imapInputFolder}</Detail>
          </>
        ) : (
          <>
            <Detail label="Gedeelde mailbox">{source.sharedMailbox}</Detail>
            <Detail label="Map">{source.inputFolder}</Detail>
            <Detail label="Categorie voor verwerkte berichten">{source.readCategory}</Detail>
          </>
        )}
        <Detail label="Doelmap voor alarmen">{folder ? folder.label : 'Standaardmap van het dashboard'}</Detail>
        <Detail label={source.type === 'SMTP' ? 'Laatste e-mail' : 'Laatste contact'}>
          {status.lastCheckedAt ? formatInstant(status.lastCheckedAt) : 'Nog geen'}
        </Detail>
        <Detail label="Opgeslagen">
          <span data-testid="source-stored">{plural(status.messagesStored, 'e-mail', 'e-mails')}</span>
          {source.type === 'SMTP' ? null : <span className="text-muted-foreground"> · elke {plural(source.pollIntervalSeconds, 'seconde', 'seconden')}</span>}
        </Detail>
      </dl>
      {status.lastError ? (
        <p data-testid="source-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-800">
          <span className="font-medium">Laatste fout: </span>
          {status.lastError}
        </p>
      ) : null}
      {canChange ? (
        source.type === 'SMTP' ? (
          <AddressActions source={source} />
        ) : (
          <SourceActions source={source} folders={folders} dashboardId={dashboardId} />
        )
      ) : null}
    </li>
  );
}
