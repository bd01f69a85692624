import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { usePageTitle } from '~/components/layout/use-page-title';
import { LoginForm } from '~/features/auth/login-form';
import { currentUser, safeRedirect } from '~/features/auth/session';

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: async ({ context, search }) => {
    if (await currentUser(context)) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target } = Route.useSearch();
  usePageTitle('Inloggen');
  return (
    <main className="flex min-h-full items-center justify-center bg-muted px-4 py-12">
      <LoginForm redirectTo={safeRedirect(target)} />
    </main>
  );
}
