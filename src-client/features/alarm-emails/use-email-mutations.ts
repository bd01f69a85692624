/**
 * Changes to a dashboard's stored e-mails, each refreshing what it changes. Reading one changes
 * that e-mail and the inbox; parsing again changes the e-mail, its attempts and the inbox, and may
 * raise or group alarms (which ones is not known here, so all alarm rows and the counts refresh).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { useTRPC } from '~/lib/trpc';

export function useMarkRead(emailId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmEmail.markRead.mutationOptions({
      onSuccess: (email) => {
        queryClient.setQueryData(trpc.alarmEmail.get.queryKey({ emailId }), email);
        return queryClient.invalidateQueries({ queryKey: trpc.alarmEmail.list.pathKey() });
      },
    }),
  );
}

export function useReparse(emailId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmEmail.reparse.mutationOptions({
      onSuccess: (email) => {
        queryClient.setQueryData(trpc.alarmEmail.get.queryKey({ emailId }), email);
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.alarmEmail.attempts.queryKey({ emailId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.alarmEmail.list.pathKey() }),
          refreshAlarmRows({ trpc, queryClient }),
          refreshAlarmCounts({ trpc, queryClient }),
        ]);
      },
    }),
  );
}

/** The parse job drains the queue in the background; the inbox and alarms are asked again once it likely has. */
const SETTLE_MS = 3000;

export function useReparseRejected() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmEmail.reparseRejected.mutationOptions({
      onSuccess: ({ count }) => {
        if (count)
          setTimeout(
            () =>
              void Promise.all([
                queryClient.invalidateQueries({ queryKey: trpc.alarmEmail.pathKey() }),
                refreshAlarmRows({ trpc, queryClient }),
                refreshAlarmCounts({ trpc, queryClient }),
              ]),
            SETTLE_MS,
          );
        return queryClient.invalidateQueries({ queryKey: trpc.alarmEmail.pathKey() });
      },
    }),
  );
}
