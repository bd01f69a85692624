import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Changes to a dashboard's maintenance windows; each refreshes the window list it changes. */

function useRefreshWindows() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.maintenanceWindow.list.pathKey() });
}

export function useCreateWindow() {
  const trpc = useTRPC();
  return useMutation(trpc.maintenanceWindow.create.mutationOptions({ onSuccess: useRefreshWindows() }));
}

export function useEndWindow() {
  const trpc = useTRPC();
  return useMutation(trpc.maintenanceWindow.end.mutationOptions({ onSuccess: useRefreshWindows() }));
}

export function useDeleteWindow() {
  const trpc = useTRPC();
  return useMutation(trpc.maintenanceWindow.delete.mutationOptions({ onSuccess: useRefreshWindows() }));
}
