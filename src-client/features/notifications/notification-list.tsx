import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NOTIFICATION_STATUSES, type NotificationStatus, notifyEventLabels } from '@/domain/notification';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { useTRPC } from '~/lib/trpc';
import { useRetryNotification } from './use-notification-mutations';

const statusBadge: Record<NotificationStatus, React.ReactNode> = {
  PENDING: <Badge tone="warning">Wacht</Badge>,
  SENT: <Badge tone="success">Verstuurd</Badge>,
  FAILED: <Badge tone="error">Mislukt</Badge>,
};
const statusLabels: Record<NotificationStatus, string> = { PENDING: 'Wachtend', SENT: 'Verstuurd', FAILED: 'Mislukt' };
const SIZE = 20;

/** The dashboard's notifications, newest first, filterable by status; pending and failed ones can be tried again. */
export function NotificationList({ dashboardId, editable, initialStatus }: { dashboardId: number; editable: boolean; initialStatus?: NotificationStatus }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<NotificationStatus | undefined>(initialStatus);
  const [page, setPage] = useState(0);
  const list = useQuery(trpc.notification.list.queryOptions({ dashboardId, page, size: SIZE, status }));
  const retry = useRetryNotification();
  const rows = list.data?.notifications ?? [];
  const pages = list.data?.totalNumberOfPages ?? 0;
  return (
    <div className="grid gap-3">
      <label className="flex items-center gap-2 text-sm">
        Status
        <Select
          className="w-48"
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || undefined) as NotificationStatus | undefined);
            setPage(0);
          }}
        >
          <option value="">Alle</option>
          {NOTIFICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
      </label>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{list.isPending ? 'Laden…' : 'Geen meldingen.'}</p>
      ) : (
        <Table aria-label="Meldingen">
          <TableHeader>
            <TableRow>
              <TableHead>Aangemaakt</TableHead>
              <TableHead>Alarm</TableHead>
              <TableHead>Gebeurtenis</TableHead>
              <TableHead>Regel</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Pogingen</TableHead>
              <TableHead>Laatste fout</TableHead>
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((n) => (
              <TableRow key={n.id}>
                <TableCell className="tabular-nums">{formatDateTime(new Date(n.createdAt))}</TableCell>
                <TableCell className="max-w-64 truncate">{n.alarmLine}</TableCell>
                <TableCell>{notifyEventLabels[n.event]}</TableCell>
                <TableCell>
                  {n.ruleName} ({n.channel === 'EMAIL' ? 'e-mail' : 'webhook'})
                </TableCell>
                <TableCell>{statusBadge[n.status]}</TableCell>
                <TableCell className="tabular-nums">{n.attempts}</TableCell>
                <TableCell className="max-w-64 text-xs break-words text-muted-foreground">{n.lastError ?? ''}</TableCell>
                <TableCell>
                  {editable && n.status !== 'SENT' ? (
                    <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate({ notificationId: n.id })}>
                      Opnieuw proberen
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pages > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Vorige
          </Button>
          Pagina {page + 1} van {pages}
          <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Volgende
          </Button>
        </div>
      ) : null}
    </div>
  );
}
