import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';

/**
 * The number of e-mails waiting for the parsers, for the sidebar badge: a page of one PENDING
 * e-mail, whose page count is the number waiting (one small count query), asked every minute.
 */
export function usePendingEmails(dashboardId: number) {
  const trpc = useTRPC();
  const pending = useQuery(
    trpc.alarmEmail.list.queryOptions({ dashboardId, page: 0, size: 1, status: 'PENDING', sort: 'receivedAt,desc' }, { refetchInterval: 60_000 }),
  );
  return pending.data?.totalNumberOfPages;
}
