import { loadRouteData } from '~/lib/route-data';

/**
 * A list page's loader: like `loadRouteData`, but a failed request does not replace the page with
 * the error page; the list's own query shows the failure with a retry (`ListView`'s `error`).
 */
export const loadListData = (cause: 'enter' | 'stay' | 'preload', load: () => Promise<unknown>) => loadRouteData(cause, () => load().catch(() => undefined));
