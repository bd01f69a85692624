import { useQuery } from '@tanstack/react-query';
import { PhoneCall } from 'lucide-react';
import { useTRPC } from '~/lib/trpc';

/** Who is on call now on the rota of the dashboard's first escalation policy; nothing without one. */
export function OnCallNow({ dashboardId }: { dashboardId: number }) {
  const trpc = useTRPC();
  // A handoff happens without this console doing anything: look again every minute.
  const onCall = useQuery({ ...trpc.escalationPolicy.onCall.queryOptions({ dashboardId }), refetchInterval: 60_000 });
  if (!onCall.data) return null;
  const names = onCall.data.users.map((u) => u.name).join(', ') || 'niemand';
  return (
    <div className="flex max-w-48 items-center gap-1.5 truncate text-sm" title={`Dienst nu: ${names}`}>
      <PhoneCall aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="sr-only sm:not-sr-only text-muted-foreground">Dienst:</span>
      <span className="truncate font-medium">{names}</span>
    </div>
  );
}
