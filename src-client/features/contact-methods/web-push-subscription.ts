/**
 * This browser's side of Web Push: the service worker at /app/sw.js (scope /app/), notification
 * permission, and a subscription made with the server's VAPID key. Each failure is a Dutch sentence
 * the card shows as it is.
 */
import { registerServiceWorker } from '~/lib/service-worker';

export class PushSetupError extends Error {}

/** Why this browser cannot get push at all, or null when it can. */
export function pushUnsupportedReason(): string | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
    return ios
      ? 'Op een iPhone werken pushmeldingen alleen in de geïnstalleerde app (iOS 16.4 of nieuwer): zet Energiebeheer eerst op je beginscherm en open het daar.'
      : 'Deze browser ondersteunt geen pushmeldingen. Gebruik Chrome, Edge, Firefox of Safari (iOS 16.4+, als geïnstalleerde app).';
  }
  if (!window.isSecureContext) return 'Pushmeldingen werken alleen via https. Vraag de beheerder om de console via https aan te bieden.';
  return null;
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Asks permission, subscribes through the service worker and returns the subscription as the server takes it. */
export async function subscribeThisDevice(publicKey: string) {
  const unsupported = pushUnsupportedReason();
  if (unsupported) throw new PushSetupError(unsupported);
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError(
      permission === 'denied'
        ? 'Meldingen zijn voor deze site geblokkeerd. Sta meldingen toe in de instellingen van je browser (het slotje naast het adres) en probeer het opnieuw.'
        : 'Je hebt geen toestemming gegeven voor meldingen. Probeer het opnieuw en kies "Toestaan".',
    );
  }
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys were replaced) can never be reached: renew it.
  const serverKey = subscription?.options.applicationServerKey;
  if (subscription && serverKey && !sameBytes(new Uint8Array(serverKey), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch (error) {
    throw new PushSetupError(`De browser kon zich niet aanmelden bij zijn pushdienst (${error instanceof Error ? error.message : String(error)}).`);
  }
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? '', keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}
