/** Changes to users, each refreshing the user lists and pages (and the signed-in user, who may be the one edited). */
import { trpc } from '~/lib/trpc';

export function useCreateUser() {
  const utils = trpc.useUtils();
  return trpc.user.create.useMutation({ onSuccess: () => utils.user.invalidate() });
}

export function useInviteUser() {
  const utils = trpc.useUtils();
  return trpc.onboarding.invite.useMutation({ onSuccess: () => utils.user.invalidate() });
}

export function useUpdateUser() {
  const utils = trpc.useUtils();
  return trpc.user.update.useMutation({ onSuccess: () => Promise.all([utils.user.invalidate(), utils.auth.me.invalidate()]) });
}

/** A new password changes nothing that is shown. */
export const useUpdateUserPassword = () => trpc.user.updatePassword.useMutation();

export function useDeleteUser() {
  const utils = trpc.useUtils();
  return trpc.user.delete.useMutation({ onSuccess: () => utils.user.invalidate() });
}
