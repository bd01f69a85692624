import { redirect } from '@tanstack/react-router';
import type { User } from '@/domain/user';
import { isSignedIn } from '~/lib/auth-client';
import { clearTokens } from '~/lib/token-store';
import { httpStatusOf, type TrpcCache } from '~/lib/trpc';

/** Only same-site paths are followed after sign-in. */
export const safeRedirect = (target: unknown) => (typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : '/');

/** The signed-in user, or null when there is none (401/404 from the server mean: not logged in). */
export async function currentUser({ trpc, queryClient }: TrpcCache): Promise<User | null> {
  if (!isSignedIn()) return null;
  try {
    return await queryClient.ensureQueryData(trpc.auth.me.queryOptions());
  } catch (error) {
    const status = httpStatusOf(error);
    if (status === 401 || status === 404) {
      clearTokens();
      return null;
    }
    throw error;
  }
}

/** For protected routes: the user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(cache: TrpcCache, href: string): Promise<User> {
  const user = await currentUser(cache);
  if (!user) throw redirect({ to: '/login', search: { redirect: href } });
  return user;
}
