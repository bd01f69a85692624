/**
 * The tRPC client for the browser. Components read it through `useTRPC()` (under `TRPCProvider`),
 * route loaders through the router context's `trpc`: both are the same options proxy over one
 * TanStack Query cache, so `useQuery(trpc.x.y.queryOptions(input))` in a page reads what
 * `queryClient.ensureQueryData(trpc.x.y.queryOptions(input))` in its loader fetched.
 */
import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError, createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { type TRPCOptionsProxy, createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { authFetch } from '~/lib/auth-client';
import { AuthEventSource } from '~/lib/auth-event-source';
import type { AppRouter } from '../../src-server/root-router';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** The options proxy and the cache it fills: what a loader or a cache helper outside a component needs. */
export interface TrpcCache {
  trpc: TRPCOptionsProxy<AppRouter>;
  queryClient: QueryClient;
}

/** 4xx answers will not change on retry; everything else is retried 3 times. */
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
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      // Subscriptions (the live console) over server-sent events; everything else batched.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc', EventSource: AuthEventSource }),
        false: httpBatchLink({ url: '/trpc', fetch: authFetch }),
      }),
    ],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  return { queryClient, trpcClient, trpc };
}

/** The HTTP status behind a failed tRPC call, when there is one. */
export const httpStatusOf = (error: unknown) => (error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined);
