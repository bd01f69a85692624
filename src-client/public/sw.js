/*
 * Energiebeheer's service worker (scope /app/): shows Web Push notifications and handles their
 * buttons. It caches nothing and has no fetch handler, so every page still comes from the server
 * and an upgrade never leaves a stale console behind.
 *
 * A push carries {title, body, url, actionUrl, tag, alarmId}. "Bevestigen" posts the one-time
 * action link (no session needed) and replaces the notification with a short "Bevestigd"; when that
 * fails (used, expired, offline) the link's confirmation page opens instead. A click or "Openen"
 * focuses or opens the alarm.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Energiebeheer';
  const actions = [{ action: 'open', title: 'Openen' }];
  if (data.actionUrl) actions.unshift({ action: 'ack', title: 'Bevestigen' });
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      data,
      // A HOOG alarm stays on screen until someone deals with it.
      requireInteraction: title.startsWith('[HOOG]'),
      icon: '/app/icons/icon-192.png',
      badge: '/app/icons/badge-96.png',
      lang: 'nl',
      actions,
    }),
  );
});

/*
 * The push service replaced (or expired) this browser's subscription: subscribe again with the
 * server's VAPID key and tell the server, which swaps the new subscription in for the old one of the
 * same user. The old endpoint is what the server knows it by, so no sign-in is needed.
 */
self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(resubscribe(event)));

async function resubscribe(event) {
  const old = event.oldSubscription;
  if (!old) return; // Nothing names the subscription to replace; the profile's push card renews it on the next visit.
  let subscription = event.newSubscription;
  if (!subscription) {
    const key = old.options && old.options.applicationServerKey ? old.options.applicationServerKey : await serverKey();
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  await fetch('/api/v1/web-push/subscription-change', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oldEndpoint: old.endpoint, subscription: subscription.toJSON() }),
  });
}

async function serverKey() {
  const res = await fetch('/api/v1/web-push/public-key');
  const { publicKey } = await res.json();
  const raw = atob(publicKey.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  if (event.action === 'ack' && data.actionUrl) event.waitUntil(acknowledge(data));
  else event.waitUntil(openWindow(data.url || '/app/'));
});

async function acknowledge(data) {
  const token = new URL(data.actionUrl).pathname.split('/').pop();
  try {
    const res = await fetch(`/api/v1/actions/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'acknowledge' }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    await self.registration.showNotification('Bevestigd', {
      body: (data.title || '').replace(/^\[[^\]]+\]\s*/, ''),
      tag: data.tag || undefined,
      data: { url: data.url },
      icon: '/app/icons/icon-192.png',
      badge: '/app/icons/badge-96.png',
      lang: 'nl',
    });
  } catch {
    await openWindow(data.actionUrl);
  }
}

async function openWindow(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => w.url === url);
  if (same) return same.focus();
  return self.clients.openWindow(url);
}
