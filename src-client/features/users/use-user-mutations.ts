import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Changes to users, each refreshing the user lists and pages (and the signed-in user, who may be the one edited). */

export function useCreateUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.user.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() }) }));
}

export function useInviteUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.onboarding.invite.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() }) }));
}

export function useUpdateUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.update.mutationOptions({
      onSuccess: () =>
        Promise.all([queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.auth.me.pathKey() })]),
    }),
  );
}

/** A new password changes nothing that is shown, but for the request to replace a one-time password. */
export const useUpdateUserPassword = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.updatePassword.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.oneTimePassword.queryKey() }) }),
  );
};

export function useDeleteUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.user.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() }) }));
}
