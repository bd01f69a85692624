import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { SetPasswordForm } from './set-password-form';
import { writeTokens } from '~/lib/token-store';
import { useTRPC } from '~/lib/trpc';

/** An invitation link: the invitee chooses a password and is signed in. */
export function InvitationPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const accept = useMutation(trpc.onboarding.acceptInvitation.mutationOptions());
  return (
    <AuthCard
      title="Welkom bij Energiebeheer"
      description="Je bent uitgenodigd. Kies een wachtwoord om je account te gebruiken; daarna ben je meteen ingelogd."
    >
      <SetPasswordForm
        submitLabel="Wachtwoord opslaan en inloggen"
        onSubmit={async (password) => {
          writeTokens(await accept.mutateAsync({ token, password }));
          queryClient.clear();
          await router.navigate({ to: '/', replace: true });
        }}
      />
    </AuthCard>
  );
}
