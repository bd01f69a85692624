/**
 * Changes to dashboards. A settings change answers the dashboard, which goes straight into the
 * cache (the layout's theme and logo follow at once); the dashboard cards, which show the theme
 * and logo too, refresh.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { authFetch } from '~/lib/auth-client';
import { useTRPC } from '~/lib/trpc';

function useDashboardMutationOptions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: (dashboard: AlarmDashboard) => {
      queryClient.setQueryData(trpc.alarmDashboard.get.queryKey({ dashboardId: dashboard.id }), dashboard);
      return queryClient.invalidateQueries({ queryKey: trpc.alarmDashboard.search.pathKey() });
    },
  };
}

export const useSetTheme = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmDashboard.theme.mutationOptions(useDashboardMutationOptions()));
};
export const useSetDefaultPriority = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmDashboard.defaultPriority.mutationOptions(useDashboardMutationOptions()));
};
export const useSetDefaultFolder = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmDashboard.defaultFolder.mutationOptions(useDashboardMutationOptions()));
};
export const useSetResolvedFolder = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmDashboard.resolvedFolder.mutationOptions(useDashboardMutationOptions()));
};
export const useSetCustomizable = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmDashboard.customizable.mutationOptions(useDashboardMutationOptions()));
};

export function useCreateDashboard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmDashboard.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.alarmDashboard.search.pathKey() }) }),
  );
}

/** A refusal of the upload, with the server's Dutch message for the field. */
class UploadError extends Error {}

/**
 * The logo goes over REST as multipart (`PATCH …/settings/branding`, field `file`): the tRPC
 * link sends JSON only.
 */
export function useUploadBranding(dashboardId: number) {
  const options = useDashboardMutationOptions();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      let res: Response;
      try {
        res = await authFetch(`/api/v1/alarms/dashboards/${dashboardId}/settings/branding`, { method: 'PATCH', body: form });
      } catch {
        throw new UploadError('De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.');
      }
      const body = await res.json().catch(() => null);
      if (res.ok) return body as AlarmDashboard;
      const error = body?.error as { message?: string; fieldErrors?: Record<string, string[]> } | undefined;
      if (res.status === 413) throw new UploadError('De afbeelding is te groot: hoogstens 1 MB.');
      if (res.status >= 500) throw new UploadError('Er is een fout opgetreden op de server. Probeer het later opnieuw.');
      throw new UploadError(error?.fieldErrors?.file?.join(' ') ?? error?.message ?? 'Het uploaden is mislukt.');
    },
    onSuccess: options.onSuccess,
  });
}
