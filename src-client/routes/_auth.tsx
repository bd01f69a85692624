import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireUser } from '~/features/auth/session';
import { OneTimePasswordBanner } from '~/features/users/one-time-password';

/** The security wrapper: every protected page sits below it. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location.href) }),
  component: AuthLayout,
});

/** The pages, under the request to replace a one-time password while there is one. */
function AuthLayout() {
  return (
    <>
      <OneTimePasswordBanner />
      <Outlet />
    </>
  );
}
