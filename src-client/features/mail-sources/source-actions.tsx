import { Download, Pencil, PlugZap } from 'lucide-react';
import { useState } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { MailSource } from '@/domain/mail-source';
import { DeleteButton } from '~/components/lists/delete-button';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { requestErrorWithFields } from '~/lib/request-error';
import { Outcome } from './outcome';
import { SourceSheet } from './source-sheet';
import { useDeleteAddress, useDeleteSource, useFetchNow, useTestSource } from './use-source-mutations';

const fetched = (before: number, after: MailSource) => {
  if (after.status.lastError) return { ok: false, text: `Ophalen mislukt: ${after.status.lastError}` };
  const n = Math.max(0, after.status.messagesStored - before);
  return { ok: true, text: n === 0 ? 'Opgehaald: geen nieuwe e-mails.' : `Opgehaald: ${n} ${n === 1 ? 'nieuwe e-mail' : 'nieuwe e-mails'}.` };
};

type SourceTest = ReturnType<typeof useTestSource>;

/** Tests the source (or address): the mailbox's connection, or whether this instance's receiver takes its mail. */
function TestButton({ test, sourceId, children }: { test: SourceTest; sourceId: number; children: string }) {
  return (
    <Button variant="outline" size="sm" disabled={test.isPending} onClick={() => test.mutate({ sourceId })}>
      {test.isPending ? <Spinner /> : <PlugZap aria-hidden className="size-4" />}
      {children}
    </Button>
  );
}

/** The test's outcome under the buttons: what the test found, or why the request failed. */
function TestOutcome({ test }: { test: SourceTest }) {
  if (test.data) {
    return (
      <Outcome ok={test.data.ok} testId="source-test-result">
        {test.data.message}
      </Outcome>
    );
  }
  if (test.error) {
    return (
      <Outcome ok={false} testId="source-test-result">
        {requestErrorWithFields(test.error)}
      </Outcome>
    );
  }
  return null;
}

/** "Verbinding testen", "Nu ophalen", edit and delete, for those who may change the dashboard's settings. */
export function SourceActions({ source, folders, dashboardId }: { source: MailSource; folders: AlarmFolder[]; dashboardId: number }) {
  const test = useTestSource();
  const fetchNow = useFetchNow(dashboardId);
  const remove = useDeleteSource();
  const [editing, setEditing] = useState(false);
  const [before, setBefore] = useState(source.status.messagesStored);
  const fetchOutcome = fetchNow.data ? fetched(before, fetchNow.data) : null;
  return (
    <div className="grid gap-2 border-t border-border pt-4">
      <div className="flex flex-wrap gap-2">
        <TestButton test={test} sourceId={source.id}>
          Verbinding testen
        </TestButton>
        <Button
          variant="outline"
          size="sm"
          disabled={fetchNow.isPending}
          onClick={() => {
            setBefore(source.status.messagesStored);
            fetchNow.mutate({ sourceId: source.id });
          }}
        >
          {fetchNow.isPending ? <Spinner /> : <Download aria-hidden className="size-4" />}
          Nu ophalen
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            test.reset();
            fetchNow.reset();
            setEditing(true);
          }}
          aria-label={`${source.name} bewerken`}
        >
          <Pencil aria-hidden className="size-4" />
          Bewerken
        </Button>
        <DeleteButton
          title="Bron verwijderen"
          description={`Weet je zeker dat je de bron '${source.name}' wilt verwijderen? Er wordt dan geen mail meer uit opgehaald. De e-mails die al zijn opgeslagen, blijven bewaard.`}
          variant="ghost"
          size="sm"
          label={`${source.name} verwijderen`}
          onDelete={() => remove.mutateAsync({ dashboardId, sourceId: source.id })}
        />
      </div>
      <TestOutcome test={test} />
      {fetchOutcome ? (
        <Outcome ok={fetchOutcome.ok} testId="source-fetch-result">
          {fetchOutcome.text}
        </Outcome>
      ) : null}
      {fetchNow.error ? (
        <Outcome ok={false} testId="source-fetch-result">
          {requestErrorWithFields(fetchNow.error)}
        </Outcome>
      ) : null}
      <SourceSheet open={editing} onOpenChange={setEditing} dashboardId={dashboardId} folders={folders} source={source} />
    </div>
  );
}

/** A receiving address: "Ontvangst testen" (does this instance's receiver take its mail) and delete. */
export function AddressActions({ source }: { source: MailSource }) {
  const test = useTestSource();
  const remove = useDeleteAddress();
  return (
    <div className="grid gap-2 border-t border-border pt-4">
      <div className="flex flex-wrap gap-2">
        <TestButton test={test} sourceId={source.id}>
          Ontvangst testen
        </TestButton>
        <DeleteButton
          title="E-mailadres verwijderen"
          description={`Weet je zeker dat je het adres '${source.name}' wilt verwijderen? E-mail aan ${source.smtpAddress} wordt daarna geweigerd. De e-mails die al zijn opgeslagen, blijven bewaard.`}
          variant="ghost"
          size="sm"
          label={`${source.name} verwijderen`}
          onDelete={() => remove.mutateAsync({ addressId: source.id })}
        />
      </div>
      <TestOutcome test={test} />
    </div>
  );
}
