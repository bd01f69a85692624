/**
 * How a route loader waits for its data. Entering a page (or preloading it) waits, so the page
 * opens with its data. When only the page's search changes (another page of a list, another
 * week), the request starts without waiting: the page stays and shows the previous data
 * (`keepPreviousData`) until the new data is in, instead of the pending page.
 */
export async function loadRouteData(cause: 'enter' | 'stay' | 'preload', load: () => Promise<unknown>): Promise<void> {
  const loading = load();
  if (cause !== 'stay') {
    await loading;
    return;
  }
  // The page's own query (same input, same cache entry) asks again and owns a failure.
  loading.catch(() => undefined);
}
