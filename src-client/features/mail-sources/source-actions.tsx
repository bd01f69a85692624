import { Download, Pencil, PlugZap, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { MailSource } from '@/domain/mail-source';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Spinner } from '~/components/ui/spinner';
import { requestErrorMessage, requestErrorWithFields } from '~/lib/request-error';
import { Outcome } from './outcome';
import { SourceSheet } from './source-sheet';
import { useDeleteAddress, useDeleteSource, useFetchNow, useTestSource } from './use-source-mutations';

const fetched = (before: number, after: MailSource) => {
  if (after.status.lastError) return { ok: false, text: `Ophalen mislukt: ${after.status.lastError}` };
  const n = Math.max(0, after.status.messagesStored - before);
  return { ok: true, text: n === 0 ? 'Opgehaald: geen nieuwe e-mails.' : `Opgehaald: ${n} ${n === 1 ? 'nieuwe e-mail' : 'nieuwe e-mails'}.` };
};

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
        <Button variant="outline" size="sm" disabled={test.isPending} onClick={() => test.mutate({ sourceId: source.id })}>
          {test.isPending ? <Spinner /> : <PlugZap aria-hidden className="size-4" />}
          Verbinding testen
        </Button>
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
        <ConfirmDialog
          title="Bron verwijderen"
          description={`Weet je zeker dat je de bron '${source.name}' wilt verwijderen? Er wordt dan geen mail meer uit opgehaald. De e-mails die al zijn opgeslagen, blijven bewaard.`}
          confirmLabel="Verwijderen"
          trigger={
            <Button variant="ghost" size="sm" aria-label={`${source.name} verwijderen`}>
              <Trash2 aria-hidden className="size-4" />
              Verwijderen
            </Button>
          }
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ dashboardId, sourceId: source.id });
            } catch (error) {
              throw new Error(requestErrorMessage(error));
            }
          }}
        />
      </div>
      {test.data ? (
        <Outcome ok={test.data.ok} testId="source-test-result">
          {test.data.message}
        </Outcome>
      ) : null}
      {test.error ? (
        <Outcome ok={false} testId="source-test-result">
          {requestErrorWithFields(test.error)}
        </Outcome>
      ) : null}
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
        <Button variant="outline" size="sm" disabled={test.isPending} onClick={() => test.mutate({ sourceId: source.id })}>
          {test.isPending ? <Spinner /> : <PlugZap aria-hidden className="size-4" />}
          Ontvangst testen
        </Button>
        <ConfirmDialog
          title="E-mailadres verwijderen"
          description={`Weet je zeker dat je het adres '${source.name}' wilt verwijderen? E-mail aan ${source.smtpAddress} wordt daarna geweigerd. De e-mails die al zijn opgeslagen, blijven bewaard.`}
          confirmLabel="Verwijderen"
          trigger={
            <Button variant="ghost" size="sm" aria-label={`${source.name} verwijderen`}>
              <Trash2 aria-hidden className="size-4" />
              Verwijderen
            </Button>
          }
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ addressId: source.id });
            } catch (error) {
              throw new Error(requestErrorMessage(error));
            }
          }}
        />
      </div>
      {test.data ? (
        <Outcome ok={test.data.ok} testId="source-test-result">
          {test.data.message}
        </Outcome>
      ) : null}
      {test.error ? (
        <Outcome ok={false} testId="source-test-result">
          {requestErrorWithFields(test.error)}
        </Outcome>
      ) : null}
    </div>
  );
}
