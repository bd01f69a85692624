/**
 * The tRPC client for the browser: React hooks (`trpc.x.useQuery`) and query utils for route
 * loaders (`utils.x.ensureData`), sharing one TanStack Query cache.
 */
import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../src-server/root-router';
import { authFetch } from '~/lib/auth-client';
import { AuthEventSource } from '~/lib/auth-event-source';

export const trpc = createTRPCReact<AppRouter>();

/** 4xx answers will not change on retry; everything else is retried 3 times (SPEC.md §9). */
function shouldRetry(failureCount: number, error: unknown) {
  const status = error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
  if (status && status >= 400 && status < 500) return false;
  return failureCount < 3;
}

export function createClients() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
        staleTime: 10_000,
      },
    },
  });
  const trpcClient = trpc.createClient({
    links: [
      // Subscriptions (the live console) over server-sent events; everything else batched.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc', EventSource: AuthEventSource }),
        false: httpBatchLink({ url: '/trpc', fetch: authFetch }),
      }),
    ],
  });
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });
  return { queryClient, trpcClient, utils };
}

export type TrpcUtils = ReturnType<typeof createClients>['utils'];

/** The HTTP status behind a failed tRPC call, when there is one. */
export const httpStatusOf = (error: unknown) => (error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined);
