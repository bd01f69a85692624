import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFoundPage } from '~/components/layout/not-found-page';
import { LoadingPage } from '~/components/ui/loading-page';
import type { TrpcCache } from '~/lib/trpc';
import { routeTree } from './routeTree.gen';

/** What every loader gets: the tRPC options proxy and the query cache it fills. */
export type RouterContext = TrpcCache;

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: '/app',
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingPage,
    defaultPendingMs: 200,
    // The loading page goes as soon as the page is ready: TanStack's default keeps it at least 500 ms
    // once shown, so a page that took 210 ms appeared after 700 ms (the cold module page on a busy
    // machine: 2 s instead of 1 s at 3x CPU throttling).
    defaultPendingMinMs: 0,
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
