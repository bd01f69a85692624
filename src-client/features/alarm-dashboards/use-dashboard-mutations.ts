/**
 * Changes to dashboards. A settings change answers the dashboard, which goes straight into the
 * cache (the layout's theme and logo follow at once); the dashboard cards, which show the theme
 * and logo too, refresh.
 */
import { useMutation } from '@tanstack/react-query';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { authFetch } from '~/lib/auth-client';
import { trpc } from '~/lib/trpc';

function useDashboardMutationOptions() {
  const utils = trpc.useUtils();
  return {
    onSuccess: (dashboard: AlarmDashboard) => {
      utils.alarmDashboard.get.setData({ dashboardId: dashboard.id }, dashboard);
      return utils.alarmDashboard.search.invalidate();
    },
  };
}

export const useSetTheme = () => trpc.alarmDashboard.theme.useMutation(useDashboardMutationOptions());
export const useSetDefaultPriority = () => trpc.alarmDashboard.defaultPriority.useMutation(useDashboardMutationOptions());
export const useSetDefaultFolder = () => trpc.alarmDashboard.defaultFolder.useMutation(useDashboardMutationOptions());
export const useSetResolvedFolder = () => trpc.alarmDashboard.resolvedFolder.useMutation(useDashboardMutationOptions());
export const useSetCustomizable = () => trpc.alarmDashboard.customizable.useMutation(useDashboardMutationOptions());

export function useCreateDashboard() {
  const utils = trpc.useUtils();
  return trpc.alarmDashboard.create.useMutation({ onSuccess: () => utils.alarmDashboard.search.invalidate() });
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
