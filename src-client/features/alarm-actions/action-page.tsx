import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import type { AlarmAction, ActionView } from '@/domain/alarm-action';
import { formatDateTime } from '@/lib/dates';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';

const time = (iso: string) => formatDateTime(new Date(iso));

function Facts({ view }: { view: ActionView }) {
  const { alarm } = view;
  const rows: [string, string][] = [
    ['Dashboard', alarm.dashboard],
    ...(alarm.location ? [['Locatie', alarm.location] as [string, string]] : []),
    ['Ontvangen', time(alarm.receivedAt)],
    [
      'Status',
      alarm.resolvedAt
        ? `Opgelost om ${time(alarm.resolvedAt)}`
        : alarm.acknowledged
          ? `Bevestigd door ${alarm.acknowledged.by ?? 'iemand'} om ${time(alarm.acknowledged.at)}`
          : 'Open, nog niet bevestigd',
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The page a notification's action link opens, without signing in: the alarm and two buttons.
 * Opening it changes nothing (mail scanners open links); only a button press acts, once.
 */
export function ActionPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const view = useQuery({ ...trpc.alarmAction.view.queryOptions({ token }), retry: false });
  const act = useMutation(trpc.alarmAction.act.mutationOptions());
  const shown = act.data?.view ?? view.data;
  const run = (action: AlarmAction) => act.mutate({ token, action });
  return (
    <main className="flex min-h-full items-start justify-center bg-muted px-4 py-8 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>Alarm</h1>
          </CardTitle>
          <CardDescription>{shown ? `Voor ${shown.user.name}` : 'Een link uit een melding'}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {view.isPending ? (
            <Spinner />
          ) : view.error && !shown ? (
            <AlertBanner variant="error" title="Deze link werkt niet meer">
              {requestErrorMessage(view.error)}
            </AlertBanner>
          ) : shown ? (
            <>
              <div className="grid gap-2">
                <PriorityBadge priority={shown.alarm.priority} className="justify-self-start" />
                <p className="text-lg font-semibold break-words">{shown.alarm.line}</p>
              </div>
              <Facts view={shown} />
              {act.data ? (
                <p
                  role="status"
                  className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
                >
                  <CheckCircle2 aria-hidden className="size-5 shrink-0" />
                  {act.data.message}
                </p>
              ) : act.error ? (
                <p role="alert" className="flex items-center gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
                  <TriangleAlert aria-hidden className="size-5 shrink-0" />
                  {requestErrorMessage(act.error)}
                </p>
              ) : (
                <div className="grid gap-2 sm:grid-cols-2">
                  <Button size="lg" disabled={act.isPending || shown.alarm.acknowledged !== null || !shown.alarm.open} onClick={() => run('acknowledge')}>
                    Bevestigen
                  </Button>
                  <Button size="lg" variant="outline" disabled={act.isPending || !shown.alarm.open} onClick={() => run('resolve')}>
                    Oplossen
                  </Button>
                </div>
              )}
              <p className="text-xs text-muted-foreground">Deze link werkt één keer, tot {time(shown.expiresAt)}.</p>
            </>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
