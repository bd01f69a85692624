import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { logout } from './auth-client';

/** Ends the sign-in on the server, forgets everything cached, and shows the login page. */
export function useLogout() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return async () => {
    await logout();
    queryClient.clear();
    await router.navigate({ to: '/login', search: {} });
  };
}
