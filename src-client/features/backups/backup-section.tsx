import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup, Download } from 'lucide-react';
import { useState } from 'react';
import type { SystemStatus } from '@/domain/system';
import { formatDateTime } from '@/lib/dates';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { SectionCard } from '~/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { authFetch } from '~/lib/auth-client';
import { download } from '~/lib/download';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { formatBytes } from '~/lib/format-bytes';

const rowsOf = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

/** A backup file from the REST download, with the signed-in admin's token. */
function DownloadButton({ name }: { name: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    const res = await authFetch(`/api/admin/backups/${encodeURIComponent(name)}`).catch(() => null);
    if (!res?.ok) return setState('failed');
    download(name, await res.blob());
    setState('idle');
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={state === 'busy'} aria-label={`${name} downloaden`}>
        <Download aria-hidden className="size-4" /> <span className="hidden sm:inline">{state === 'busy' ? 'Bezig ...' : 'Downloaden'}</span>
      </Button>
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-red-700">
          Downloaden mislukt.
        </span>
      ) : null}
    </span>
  );
}

/** The backups in BACKUP_DIR, "Nu back-up maken", and the advice on secret.key. */
export function BackupSection({ backup }: { backup: SystemStatus['backup'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.backup.create.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.system.pathKey() }) }));
  return (
    <SectionCard title="Back-ups">
      <div className="grid gap-4 [&>*]:min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            {backup.schedule === 'off' ? 'Automatische back-ups staan uit.' : `Elke dag om ${backup.schedule.replace(/,/g, ', ')} (Nederlandse tijd).`} Bewaard:{' '}
            {backup.keep}. Map: <code className="break-all">{backup.dir}</code>
          </p>
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            <DatabaseBackup aria-hidden className="size-4" /> {create.isPending ? 'Back-up wordt gemaakt ...' : 'Nu back-up maken'}
          </Button>
        </div>
        {create.isError ? (
          <AlertBanner variant="error" title="De back-up is niet gemaakt">
            {requestErrorMessage(create.error)}
          </AlertBanner>
        ) : null}
        {create.isSuccess ? <AlertBanner variant="primary">Back-up {create.data.name} is gemaakt en gecontroleerd.</AlertBanner> : null}
        {backup.encrypted ? null : (
          <AlertBanner variant="warning" title="Bewaar secret.key apart">
            De back-ups zijn niet versleuteld en bevatten de sleutel <code>secret.key</code> niet. Zonder die sleutel zijn de opgeslagen wachtwoorden
            (mailbronnen, webhooks) na een herstel onbruikbaar: bewaar een kopie van <code>secret.key</code> uit de datamap op een veilige plek, of zet{' '}
            <code>BACKUP_PASSPHRASE</code>.
          </AlertBanner>
        )}
        {backup.backups.length === 0 ? (
          <p className="text-sm text-muted-foreground">Er zijn nog geen back-ups.</p>
        ) : (
          <Table aria-label="Back-ups">
            <TableHeader>
              <TableRow>
                <TableHead>Gemaakt</TableHead>
                <TableHead>Grootte</TableHead>
                <TableHead className="hidden sm:table-cell">Rijen</TableHead>
                <TableHead>Controle</TableHead>
                <TableHead>
                  <span className="sr-only">Downloaden</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {backup.backups.map((b) => (
                <TableRow key={b.name}>
                  <TableCell className="whitespace-nowrap" title={b.name}>
                    {formatDateTime(new Date(b.createdAt))}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatBytes(b.size)}</TableCell>
                  <TableCell className="hidden sm:table-cell">{rowsOf(b.tables).toLocaleString('nl-NL')}</TableCell>
                  <TableCell>{b.verified ? <Badge tone="success">Gecontroleerd</Badge> : <Badge tone="error">Beschadigd</Badge>}</TableCell>
                  <TableCell className="text-right">
                    <DownloadButton name={b.name} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </SectionCard>
  );
}
