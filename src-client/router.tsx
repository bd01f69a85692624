import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFoundPage } from '~/components/layout/not-found-page';
import { LoadingPage } from '~/components/ui/loading-page';
import type { TrpcUtils } from '~/lib/trpc';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  utils: TrpcUtils;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: '/app',
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingPage,
    defaultPendingMs: 200,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
