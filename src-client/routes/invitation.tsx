import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { AuthCard } from '~/features/auth/auth-card';
import { SetPasswordForm } from '~/features/auth/set-password-form';
import { trpc } from '~/lib/trpc';
import { writeTokens } from '~/lib/token-store';

/** An invitation link (DESIGN.md §13): the invitee chooses a password and is signed in. */
export const Route = createFileRoute('/invitation')({
  validateSearch: v.object({ token: v.optional(v.string(), '') }),
  component: InvitationPage,
});

function InvitationPage() {
  const { token } = Route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const accept = trpc.onboarding.acceptInvitation.useMutation();
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
