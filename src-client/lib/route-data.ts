/**
 * How a route loader waits for its data (`context.queryClient.ensureQueryData(context.trpc.x.queryOptions(input))`);
 * the page reads the same query with `useQuery(trpc.x.queryOptions(input))`, so both share one cache entry.
 */

/** Starts a request without waiting for it; the page's own query (same input) owns a failure. */
export function startLoading(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/**
 * Entering a page (or preloading it) waits, so the page opens with its data. When only the page's
 * search changes (another page of a list, another week), the request starts without waiting: the
 * page stays and shows the previous data (`keepPreviousData`) until the new data is in, instead of
 * the pending page.
 */
export async function loadRouteData(cause: 'enter' | 'stay' | 'preload', load: () => Promise<unknown>): Promise<void> {
  if (cause === 'stay') startLoading(load);
  else await load();
}
