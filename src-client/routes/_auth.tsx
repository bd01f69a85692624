import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireUser } from '~/features/auth/session';

/** The security wrapper: every protected page sits below it. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location.href) }),
  component: Outlet,
});
