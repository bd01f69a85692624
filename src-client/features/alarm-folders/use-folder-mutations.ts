/**
 * Changes to a dashboard's folders, each refreshing what it changes: the folder list (nav,
 * settings, move targets) and, where the server counts differently afterwards, the counts. A
 * deleted folder's alarms went to the trash and the dashboard's default folder may have fallen
 * back to the inbox.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { useTRPC } from '~/lib/trpc';

export function useCreateFolder() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmFolder.create.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.counts.pathKey() }),
        ]),
    }),
  );
}

/** A folder's count mode and whether it counts towards the overview change the counts. */
export function useUpdateFolder() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmFolder.update.mutationOptions({
      onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.list.pathKey() }), refreshAlarmCounts({ trpc, queryClient })]),
    }),
  );
}

/** The counts answer in folder order. */
export function useReorderFolders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmFolder.reorder.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.counts.pathKey() }),
        ]),
    }),
  );
}

export function useDeleteFolder() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmFolder.delete.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.alarmFolder.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.alarmDashboard.get.pathKey() }),
          refreshAlarmRows({ trpc, queryClient }),
          refreshAlarmCounts({ trpc, queryClient }),
        ]),
    }),
  );
}
