import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertBanner } from '~/components/ui/alert-banner';
import { useTRPC } from '~/lib/trpc';

/** How many notifications failed, linking to the list; nothing while none did. A page of one counts them. */
export function FailedNotificationsNotice({ dashboardId }: { dashboardId: number }) {
  const trpc = useTRPC();
  const failed = useQuery(trpc.notification.list.queryOptions({ dashboardId, status: 'FAILED', page: 0, size: 1 }));
  const count = failed.data?.totalNumberOfPages ?? 0;
  if (count === 0) return null;
  return (
    <AlertBanner variant="warning" title={count === 1 ? '1 melding mislukt' : `${count} meldingen mislukt`}>
      <Link to="/alarms/$dashboardId/settings/notifications" params={{ dashboardId }} search={{ status: 'FAILED' }} className="underline">
        Bekijk de mislukte meldingen
      </Link>
    </AlertBanner>
  );
}
