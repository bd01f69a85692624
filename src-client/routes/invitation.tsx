import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { InvitationPage } from '~/features/onboarding/invitation-page';

/** An invitation link: the invitee chooses a password and is signed in. */
export const Route = createFileRoute('/invitation')({
  validateSearch: v.object({ token: v.optional(v.string(), '') }),
  component: Invitation,
});

function Invitation() {
  const { token } = Route.useSearch();
  return <InvitationPage token={token} />;
}
