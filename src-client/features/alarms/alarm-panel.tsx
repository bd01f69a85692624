import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Mail, MailOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type AlarmDashboard, type DashboardUser, PRIORITIES, type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { LoadError } from '~/components/lists/load-error';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '~/components/ui/sheet';
import { Spinner } from '~/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatInstant } from '~/lib/alarms/format';
import { httpStatusOf, useTRPC } from '~/lib/trpc';
import { AlarmAssignees } from './alarm-assignees';
import { AlarmDeadline } from './alarm-deadline';
import { userName as nameOf } from './alarm-format';
import { AlarmLifecycle } from './alarm-lifecycle';
import { AlarmLocationLink } from './alarm-location-link';
import { AlarmNotes } from './alarm-notes';
import { AlarmTimeline } from './alarm-timeline';
import { LiveRegion } from './live-region';
import { reopenFolderOf, resolvedFolderOf } from './lifecycle-folders';
import { AlarmNotifications } from './alarm-notifications';
import { AlarmEscalation } from './alarm-escalation';
import { fieldErrorOf } from './request-errors';
import { useSetFolder, useSetPriority, useSetSeen } from './use-alarm-mutations';

interface Props {
  alarmId: number;
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  users: DashboardUser[];
  meId: number;
  onClose: () => void;
  /** What the last action did, for screen readers (the page's own live region is hidden behind the modal panel). */
  announcement: string;
  announce: (text: string) => void;
}

/** The alarm's detail in a side panel; opening it marks the alarm seen (reading it never does). */
export function AlarmPanel(props: Props) {
  return (
    <Sheet open onOpenChange={(open) => !open && props.onClose()}>
      <SheetContent side="right" className="w-full max-w-xl" aria-describedby={undefined}>
        <PanelBody key={props.alarmId} {...props} />
        <LiveRegion text={props.announcement} />
      </SheetContent>
    </Sheet>
  );
}

function PanelBody({ alarmId, dashboard, folders, users, meId, announce }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alarm = useQuery(trpc.alarm.get.queryOptions({ alarmId }));
  const history = useQuery(trpc.alarm.history.queryOptions({ alarmId }));
  // The live stream refreshes the alarm when another console changes it; its history follows.
  useEffect(() => {
    if (alarm.dataUpdatedAt > history.dataUpdatedAt && history.dataUpdatedAt > 0)
      void queryClient.invalidateQueries({ queryKey: trpc.alarm.history.queryKey({ alarmId }) });
  }, [alarm.dataUpdatedAt, history.dataUpdatedAt, alarmId, trpc, queryClient]);
  const { mutate: markSeen } = useSetSeen();
  const unread = useSetSeen();
  const priority = useSetPriority();
  const folder = useSetFolder();
  const marked = useRef(false);
  useEffect(() => {
    if (alarm.data && !alarm.data.seen && !marked.current) {
      marked.current = true;
      markSeen({ alarmId, seen: true });
    }
  }, [alarm.data, alarmId, markSeen]);

  if (!alarm.data) {
    return (
      <div className="grid gap-4 p-6">
        <SheetTitle className="pr-8 text-lg font-semibold">Alarm</SheetTitle>
        {alarm.isError ? (
          httpStatusOf(alarm.error) === 404 ? (
            <p className="text-muted-foreground">Dit alarm bestaat niet (meer). Misschien is het definitief verwijderd.</p>
          ) : (
            <LoadError error={alarm.error} onRetry={() => void alarm.refetch()} />
          )
        ) : (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Bezig met laden ...
          </p>
        )}
      </div>
    );
  }
  const a = alarm.data;
  const entries = Object.entries(a.data);
  const userName = (id: number) => {
    const user = users.find((u) => u.id === id);
    return user ? nameOf(user) : `gebruiker ${id}`;
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-border p-6 pb-4">
        <div className="mb-2 flex items-center gap-2 pr-8">
          <PriorityBadge priority={a.priority} />
          {a.occurrences > 1 ? (
            <span className="text-sm text-muted-foreground">
              {a.occurrences} keer gemeld · Laatst: {formatInstant(a.lastOccurredAt)}
            </span>
          ) : null}
        </div>
        <SheetTitle className="pr-8 text-lg leading-snug font-semibold break-words">{a.line}</SheetTitle>
        <SheetDescription className="mt-1 text-sm text-muted-foreground">Ontvangen {formatInstant(a.receivedAt)}</SheetDescription>
      </div>
      <div className="grid min-h-0 flex-1 content-start gap-6 overflow-y-auto p-6">
        <AlarmLifecycle
          dashboardId={dashboard.id}
          alarm={a}
          history={history.data}
          resolvedFolder={resolvedFolderOf(dashboard, folders)}
          reopenFolder={reopenFolderOf(dashboard, folders)}
          userName={userName}
          announce={announce}
        />
        {a.location ? <AlarmLocationLink dashboardId={dashboard.id} location={a.location} alarm={a} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor="alarm-priority">Prioriteit</Label>
            <Select
              id="alarm-priority"
              value={a.priority}
              disabled={priority.isPending}
              onChange={(e) => priority.mutate({ alarmId, priority: e.target.value as Priority })}
            >
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabels[p]}
                </option>
              ))}
            </Select>
            {priority.error ? <p className="text-sm font-medium text-destructive">{fieldErrorOf(priority.error, 'priority')}</p> : null}
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="alarm-folder">Map</Label>
            <Select
              id="alarm-folder"
              value={a.folderId}
              disabled={folder.isPending}
              onChange={(e) => folder.mutate({ alarmId, folderId: Number(e.target.value) })}
            >
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </Select>
            {folder.error ? <p className="text-sm font-medium text-destructive">{fieldErrorOf(folder.error, 'folderId')}</p> : null}
          </div>
        </div>
        <AlarmDeadline alarmId={alarmId} deadlineAt={a.deadlineAt} />
        <AlarmAssignees alarmId={alarmId} users={users} meId={meId} />
        <AlarmNotes alarmId={alarmId} notes={a.notes} />
        <AlarmEscalation alarmId={alarmId} />
        <AlarmNotifications alarmId={alarmId} />
        <section className="grid gap-2">
          <h3 className="text-sm font-medium">Gegevens</h3>
          {entries.length ? (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Veld</TableHead>
                  <TableHead>Waarde</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {entries.map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell className="font-medium">{key}</TableCell>
                    <TableCell className="break-all whitespace-pre-wrap">{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="text-sm text-muted-foreground">Dit alarm heeft geen gegevens.</p>
          )}
        </section>
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
          {a.alarmEmailId !== null ? (
            <Link
              to="/alarms/$dashboardId/emails/inbox"
              params={{ dashboardId: dashboard.id }}
              search={{ email: a.alarmEmailId, fromAlarm: alarmId }}
              className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <Mail aria-hidden className="size-4" />
              Originele e-mail bekijken
            </Link>
          ) : (
            <span className="text-sm text-muted-foreground">Niet uit een e-mail: via de API of telefonisch aangemaakt.</span>
          )}
          <Button variant="ghost" size="sm" className="ml-auto" disabled={unread.isPending} onClick={() => unread.mutate({ alarmId, seen: false })}>
            <MailOpen aria-hidden className="size-4" />
            Markeren als ongelezen
          </Button>
        </div>
        {unread.isSuccess ? (
          <p role="status" className="text-sm text-muted-foreground">
            Gemarkeerd als ongelezen.
          </p>
        ) : null}
        <AlarmTimeline dashboardId={dashboard.id} history={history} userName={userName} />
      </div>
    </div>
  );
}
