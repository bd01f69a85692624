import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PasswordResetPage } from '~/features/onboarding/password-reset-page';

/** "Wachtwoord vergeten": without a token, ask for a link; with the link's token, choose a new password. */
export const Route = createFileRoute('/password-reset')({
  validateSearch: v.object({ token: v.optional(v.string()) }),
  component: PasswordReset,
});

function PasswordReset() {
  const { token } = Route.useSearch();
  return <PasswordResetPage token={token} />;
}
