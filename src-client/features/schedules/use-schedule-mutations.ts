import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Changes to schedules and overrides; each refreshes every schedule query (lists, rota, on call). */

function useRefreshSchedules() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.schedule.pathKey() });
}

export function useCreateSchedule() {
  const trpc = useTRPC();
  return useMutation(trpc.schedule.create.mutationOptions({ onSuccess: useRefreshSchedules() }));
}

export function useUpdateSchedule() {
  const trpc = useTRPC();
  return useMutation(trpc.schedule.update.mutationOptions({ onSuccess: useRefreshSchedules() }));
}

export function useDeleteSchedule() {
  const trpc = useTRPC();
  return useMutation(trpc.schedule.delete.mutationOptions({ onSuccess: useRefreshSchedules() }));
}

export function useAddOverride() {
  const trpc = useTRPC();
  return useMutation(trpc.schedule.addOverride.mutationOptions({ onSuccess: useRefreshSchedules() }));
}

export function useDeleteOverride() {
  const trpc = useTRPC();
  return useMutation(trpc.schedule.deleteOverride.mutationOptions({ onSuccess: useRefreshSchedules() }));
}

export function useResetCalendarUrl() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schedule.resetCalendarUrl.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.schedule.calendarUrl.queryKey(), data),
    }),
  );
}
