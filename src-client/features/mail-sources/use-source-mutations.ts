/**
 * Changes to a dashboard's mail sources. Every change refreshes the source list; "Nu ophalen"
 * puts the answered source into the list at once and refreshes the inbox, which may have new
 * e-mails. "Verbinding testen" stores nothing, so it refreshes nothing.
 */
import type { MailSource } from '@/domain/mail-source';
import { trpc } from '~/lib/trpc';

function useSourceListOptions() {
  const utils = trpc.useUtils();
  return { onSuccess: () => utils.mailSource.list.invalidate() };
}

export const useCreateSource = () => trpc.mailSource.create.useMutation(useSourceListOptions());
export const useUpdateSource = () => trpc.mailSource.update.useMutation(useSourceListOptions());
export const useDeleteSource = () => trpc.mailSource.delete.useMutation(useSourceListOptions());
export const useTestSource = () => trpc.mailSource.test.useMutation();

/** "Verbinding testen" on a form not saved yet: stores nothing either. */
export const useTestNewSource = () => trpc.mailSource.testNew.useMutation();

export function useFetchNow(dashboardId: number) {
  const utils = trpc.useUtils();
  return trpc.mailSource.fetchNow.useMutation({
    onSuccess: (source: MailSource) => {
      utils.mailSource.list.setData({ dashboardId }, (list) => list?.map((s) => (s.id === source.id ? source : s)));
      return Promise.all([utils.mailSource.list.invalidate({ dashboardId }), utils.alarmEmail.invalidate()]);
    },
  });
}
