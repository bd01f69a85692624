/**
 * Changes to a dashboard's mail sources. Every change refreshes the source list; "Nu ophalen"
 * puts the answered source into the list at once and refreshes the inbox, which may have new
 * e-mails. "Verbinding testen" stores nothing, so it refreshes nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailSource } from '@/domain/mail-source';
import { useTRPC } from '~/lib/trpc';

function useSourceListOptions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.mailSource.list.pathKey() }) };
}

export const useCreateSource = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.create.mutationOptions(useSourceListOptions()));
};
export const useUpdateSource = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.update.mutationOptions(useSourceListOptions()));
};
export const useDeleteSource = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.delete.mutationOptions(useSourceListOptions()));
};
/** A receiving address is a source too: adding or deleting one refreshes the source list. */
export const useCreateAddress = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.createAddress.mutationOptions(useSourceListOptions()));
};
export const useDeleteAddress = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.deleteAddress.mutationOptions(useSourceListOptions()));
};
export const useTestSource = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.test.mutationOptions());
};

/** "Verbinding testen" on a form not saved yet: stores nothing either. */
export const useTestNewSource = () => {
  const trpc = useTRPC();
  return useMutation(trpc.mailSource.testNew.mutationOptions());
};

export function useFetchNow(dashboardId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.mailSource.fetchNow.mutationOptions({
      onSuccess: (source: MailSource) => {
        queryClient.setQueryData(trpc.mailSource.list.queryKey({ dashboardId }), (list) => list?.map((s) => (s.id === source.id ? source : s)));
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.mailSource.list.queryKey({ dashboardId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.alarmEmail.pathKey() }),
        ]);
      },
    }),
  );
}
