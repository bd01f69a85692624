import { useQuery } from '@tanstack/react-query';
import { PhoneCall } from 'lucide-react';
import type { OnCall } from '@/domain/schedule';
import { useTRPC } from '~/lib/trpc';
import { dayTime } from './schedule-format';

/** "Nu dienst: Jan tot 03-11 08:00", or who comes next when nobody is on call. */
export function onCallText(onCall: OnCall) {
  const names = onCall.users.map((u) => u.name).join(', ');
  if (onCall.users.length > 0) return `Nu dienst: ${names}${onCall.until ? ` tot ${dayTime(onCall.until)}` : ''}`;
  return onCall.until ? `Nu heeft niemand dienst (tot ${dayTime(onCall.until)})` : 'Niemand heeft dienst';
}

/** The schedule page's headline: who is on call now, refreshed every minute. */
export function OnCallNow({ scheduleId }: { scheduleId: number }) {
  const trpc = useTRPC();
  const onCall = useQuery(trpc.schedule.onCall.queryOptions({ scheduleId }, { refetchInterval: 60_000 }));
  return (
    <div className="flex items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3">
      <PhoneCall aria-hidden className="size-5 shrink-0 text-primary" />
      <p className="text-lg font-medium" data-testid="on-call-now">
        {onCall.data ? onCallText(onCall.data) : onCall.isError ? 'Wie dienst heeft kon niet worden geladen.' : 'Bezig met laden ...'}
      </p>
    </div>
  );
}
