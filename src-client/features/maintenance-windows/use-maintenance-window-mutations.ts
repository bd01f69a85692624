/** Changes to a dashboard's maintenance windows; each refreshes the window list it changes. */
import { trpc } from '~/lib/trpc';

function useRefreshWindows() {
  const utils = trpc.useUtils();
  return () => utils.maintenanceWindow.list.invalidate();
}

export function useCreateWindow() {
  return trpc.maintenanceWindow.create.useMutation({ onSuccess: useRefreshWindows() });
}

export function useEndWindow() {
  return trpc.maintenanceWindow.end.useMutation({ onSuccess: useRefreshWindows() });
}

export function useDeleteWindow() {
  return trpc.maintenanceWindow.delete.useMutation({ onSuccess: useRefreshWindows() });
}
