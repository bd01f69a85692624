import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { LoadError } from '~/components/lists/load-error';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '~/components/ui/sheet';
import { Spinner } from '~/components/ui/spinner';
import { formatAddresses, formatInstant } from '~/lib/alarms/format';
import { httpStatusOf, useTRPC } from '~/lib/trpc';
import { EmailBody } from './email-body';
import { ParsingStatusBadge, formatSize } from './email-format';
import { ParsingAttempts } from './parsing-attempts';
import { type AlarmRef, BackToAlarm } from './back-to-alarm';
import { ReparseButton } from './reparse';
import { useMarkRead } from './use-email-mutations';

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Loading({ emailId }: { emailId: number }) {
  const trpc = useTRPC();
  const email = useQuery(trpc.alarmEmail.get.queryOptions({ emailId }));
  return (
    <div className="grid gap-4 p-6">
      <SheetTitle className="pr-8 text-lg font-semibold">E-mail</SheetTitle>
      {email.isError ? (
        httpStatusOf(email.error) === 404 ? (
          <p className="text-muted-foreground">Deze e-mail bestaat niet (meer).</p>
        ) : (
          <LoadError error={email.error} onRetry={() => void email.refetch()} />
        )
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Bezig met laden ...
        </p>
      )}
    </div>
  );
}

/** Opening an unread e-mail marks it read (once), as opening an alarm marks it seen. */
function useReadOnOpen(emailId: number, unread: boolean) {
  const { mutate } = useMarkRead(emailId);
  const marked = useRef(false);
  useEffect(() => {
    if (unread && !marked.current) {
      marked.current = true;
      mutate({ emailId, read: true });
    }
  }, [emailId, unread, mutate]);
}

function PanelBody({ emailId }: { emailId: number }) {
  const trpc = useTRPC();
  const email = useQuery(trpc.alarmEmail.get.queryOptions({ emailId }));
  const attempts = useQuery(trpc.alarmEmail.attempts.queryOptions({ emailId }));
  useReadOnOpen(emailId, email.data?.readAt === null);
  if (!email.data) return <Loading emailId={emailId} />;
  const e = email.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-border p-6 pb-4">
        <div className="mb-2 pr-8">
          <ParsingStatusBadge status={e.parsingStatus} signal={e.signal} />
        </div>
        <SheetTitle className="line-clamp-3 pr-8 text-lg leading-snug font-semibold break-words" title={e.subject ?? undefined}>
          {e.subject ? <bdi>{e.subject}</bdi> : <span className="text-muted-foreground">(geen onderwerp)</span>}
        </SheetTitle>
        <SheetDescription className="mt-1 text-sm text-muted-foreground">Ontvangen {formatInstant(e.receivedAt)}</SheetDescription>
      </div>
      <div className="grid min-h-0 flex-1 content-start gap-6 overflow-y-auto p-6">
        {e.rejectedReason ? (
          <AlertBanner variant="warning" title="Niet verwerkt">
            {e.rejectedReason}
          </AlertBanner>
        ) : null}
        <section className="grid gap-2" aria-labelledby="email-headers-heading">
          <h3 id="email-headers-heading" className="text-sm font-medium">
            Kopregels
          </h3>
          <dl className="grid gap-2 text-sm" data-testid="email-headers">
            <Header label="Van">
              <bdi>{formatAddresses(e.from) || '–'}</bdi>
            </Header>
            <Header label="Aan">
              <bdi>{formatAddresses(e.to) || '–'}</bdi>
            </Header>
            <Header label="Onderwerp">{e.subject ? <bdi>{e.subject}</bdi> : '–'}</Header>
            <Header label="Datum">{e.sentAt ? formatInstant(e.sentAt) : '–'}</Header>
            <Header label="Message-ID">
              <span className="break-all">{e.messageId ?? '–'}</span>
            </Header>
            <Header label="Grootte">{formatSize(e.rawSize)}</Header>
            <Header label="Verwerkt">{e.parsedAt ? formatInstant(e.parsedAt) : 'Nog niet'}</Header>
          </dl>
          {e.headers.length ? (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-primary">Alle kopregels ({e.headers.length})</summary>
              <dl className="mt-2 grid gap-1.5 rounded-lg border border-border bg-muted/40 p-3 font-mono text-xs" data-testid="email-all-headers">
                {e.headers.map(([name, value], i) => (
                  <div key={i} className="min-w-0 break-all">
                    <dt className="inline font-semibold">{name}: </dt>
                    <dd className="inline whitespace-pre-wrap">{value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
        </section>
        <EmailBody key={e.id} text={e.message} html={e.html} />
        <section className="grid gap-2" aria-labelledby="email-attempts-heading">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id="email-attempts-heading" className="text-sm font-medium">
              Verwerkingspogingen
            </h3>
            <ReparseButton emailId={e.id} />
          </div>
          {attempts.data ? (
            <ParsingAttempts attempts={attempts.data} />
          ) : attempts.isError ? (
            <LoadError error={attempts.error} onRetry={() => void attempts.refetch()} />
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Bezig met laden ...
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

/** One e-mail in a side panel: its headers, its body (text, or HTML in a sandboxed frame) and its parsing attempts. */
export function EmailPanel({ emailId, backToAlarm, onClose }: { emailId: number; backToAlarm?: AlarmRef; onClose: () => void }) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full max-w-2xl" aria-describedby={undefined}>
        {backToAlarm ? <BackToAlarm {...backToAlarm} /> : null}
        <PanelBody key={emailId} emailId={emailId} />
      </SheetContent>
    </Sheet>
  );
}
