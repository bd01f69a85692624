/**
 * The service worker at /app/sw.js (scope /app/): it shows pushes and caches nothing. Registered at
 * start so the installed app and the push subscription always have the current one (the server
 * serves it with `Cache-Control: no-cache`, so the browser checks for a new one on every visit).
 */
export const registerServiceWorker = () => navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' });

export function registerServiceWorkerQuietly() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // Without a worker the console works as before; only push needs it, and that card says so.
  registerServiceWorker().catch(() => undefined);
}
