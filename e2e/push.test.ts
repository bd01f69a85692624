/**
 * Web Push on a phone: the installable app's manifest and service worker, the profile's contact
 * methods at 390 px, a HIGH alarm pushed by the built product to a local push service (which
 * decrypts it and checks the VAPID signature), that payload handed to the real service worker with
 * CDP `ServiceWorker.deliverPushMessage`, and the notification it shows. Headless Chromium has no
 * push service of its own, so the browser's subscription is the local push service's, made over REST.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { type PushService, startPushService } from '../src-server/testing/push-service';
import { PHONE, fitsWidth, hasChromium, launchBrowser, seriousA11yViolations, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { hasScreen, startScreen } from './support/screen';
import { ADMIN, adminApi, escalateHighAlarms, type Product, type RestApi, startProduct } from './support/product';

describe.skipIf(!hasChromium)('Web Push, the installable app and the console on a phone', () => {
  let product: Product;
  let browser: Browser;
  let push: PushService;
  let dashboardId: number;
  let organizationId: number;
  let caDir: string;
  let api: RestApi;

  beforeAll(async () => {
    push = await startPushService();
    caDir = mkdtempSync(path.join(tmpdir(), 'push-ca-'));
    writeFileSync(path.join(caDir, 'ca.pem'), push.ca);
    // The local push service listens on loopback with its own certificate.
    product = await startProduct({
      NOTIFY_ALLOW_PRIVATE_TARGETS: 'true',
      NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
      PUBLIC_URL: 'http://energiebeheer.test',
    });
    api = await adminApi(product);
    const me = await api<{ id: number }>('GET', '/auth/me');
    organizationId = (await api<{ id: number }>('PUT', '/api/organizations', { name: 'Koeltechniek Jansen' })).id;
    dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Jansen', organizationId })).id;
    await escalateHighAlarms(api, dashboardId, { steps: [{ afterMinutes: 0, targets: [{ type: 'USER', id: me.id }] }], repeat: 0 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await push?.close();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
  });

  /**
   * A page signed in with notifications allowed, its service worker running, and a subscription at
   * the local push service added as the user's contact method.
   */
  async function pageWithPush(on: Browser, device: BrowserContextOptions) {
    const page = await signedInPage(on, product.url, ADMIN.email, ADMIN.password, { ...device, permissions: ['notifications'] });
    await page.goto(`${product.url}/app/profile`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    const { publicKey } = await api<{ publicKey: string }>('GET', '/api/v1/web-push/public-key');
    await api('POST', '/api/v1/users/me/contact-methods', { type: 'WEB_PUSH', subscription: push.subscribe(publicKey).subscription });
    return page;
  }

  test('the app is installable: a Dutch manifest scoped to /app/, its icons, and a service worker served uncached', async () => {
    const manifest = await fetch(`${product.url}/app/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(await manifest.json()).toMatchObject({ name: 'Energiebeheer', lang: 'nl', start_url: '/app/', scope: '/app/', display: 'standalone' });
    for (const icon of ['icon-192.png', 'icon-512.png', 'maskable-512.png', 'apple-touch-icon.png']) {
      const res = await fetch(`${product.url}/app/icons/${icon}`);
      expect([icon, res.status, res.headers.get('content-type')]).toEqual([icon, 200, 'image/png']);
    }
    const worker = await fetch(`${product.url}/app/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');
  });

  test('a HIGH alarm’s push, decrypted by the push service, shows in the real service worker with Bevestigen and Openen', async () => {
    const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { ...PHONE, permissions: ['notifications'] });
    await page.goto(`${product.url}/app/profile`);
    await page.getByRole('heading', { name: 'Contactmethoden' }).waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${product.url}/app/`);

    const { publicKey } = await api<{ publicKey: string }>('GET', '/api/v1/web-push/public-key');
    const { subscription } = push.subscribe(publicKey);
    await api('POST', '/api/v1/users/me/contact-methods', { type: 'WEB_PUSH', subscription });
    await page.reload();
    await page.getByText(/^Pushmeldingen \(127\.0\.0\.1:\d+, apparaat [0-9a-f]{6}\)$/).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    const alarm = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Koelcel 4 te warm', priority: 'HIGH' });
    await push.waitFor(1, 15_000);
    const { payload } = push.received[0]!;
    expect(payload).toMatchObject({ title: '[HOOG] Koelcel 4 te warm', tag: `alarm-${alarm.id}`, alarmId: alarm.id });

    await deliverToWorker(page, product.url, JSON.stringify(payload));
    const shown = await notificationsOf(page);
    expect(shown).toEqual([
      {
        title: '[HOOG] Koelcel 4 te warm',
        body: payload.body,
        tag: `alarm-${alarm.id}`,
        requireInteraction: true,
        actions: [
          { action: 'ack', title: 'Bevestigen' },
          { action: 'open', title: 'Openen' },
        ],
      },
    ]);
  });

  test('Bevestigen on the shown notification posts its action link and acknowledges the alarm in the person’s name; Openen opens the alarm', async () => {
    const page = await pageWithPush(browser, PHONE);

    const pushOf = async (alarmId: number) => {
      await expect.poll(() => push.received.some((p) => p.payload.alarmId === alarmId), { timeout: 15_000 }).toBe(true);
      return push.received.find((p) => p.payload.alarmId === alarmId)!.payload as { tag: string; url: string; actionUrl: string };
    };
    const acked = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Vriezer 2 te warm', priority: 'HIGH' });
    const ackPush = await pushOf(acked.id);
    expect(ackPush.actionUrl).toMatch(/^http:\/\/energiebeheer\.test\/app\/act\/[A-Za-z0-9_-]{43}$/);
    await deliverToWorker(page, product.url, JSON.stringify(ackPush));
    const ack = await clickNotification(page, ackPush.tag, 'ack');
    expect(ack.posted).toEqual([
      {
        url: `/api/v1/actions/${ackPush.actionUrl.split('/').pop()}`,
        method: 'POST',
        contentType: 'application/json',
        body: '{"action":"acknowledge"}',
        status: 200,
      },
    ]);
    expect(ack.opened).toEqual([]);
    // The notification turns into a short "Bevestigd" with the alarm's line.
    expect(ack.shown).toEqual([{ title: 'Bevestigd', body: 'Vriezer 2 te warm', tag: ackPush.tag }]);
    const alarm = await api<{ acknowledgedAt: string | null }>('GET', `/api/v1/alarms/alarms/${acked.id}`);
    expect(alarm.acknowledgedAt).not.toBeNull();
    const history = await api<{ event: string; actor: { type: string; name: string }; details: { via?: string } }[]>(
      'GET',
      `/api/v1/alarms/alarms/${acked.id}/history`,
    );
    expect(history.find((h) => h.event === 'acknowledged')).toMatchObject({ actor: { type: 'USER' }, details: { via: 'link' } });

    const opened = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Vriezer 3 te warm', priority: 'HIGH' });
    const openPush = await pushOf(opened.id);
    await deliverToWorker(page, product.url, JSON.stringify(openPush));
    const open = await clickNotification(page, openPush.tag, 'open');
    expect(open.posted).toEqual([]);
    expect(open.opened).toEqual([`http://energiebeheer.test/app/alarms/${dashboardId}/folders/inbox?alarm=${opened.id}`]);
    expect(open.shown).toEqual([]);
    expect((await api<{ acknowledgedAt: string | null }>('GET', `/api/v1/alarms/alarms/${opened.id}`)).acknowledgedAt).toBeNull();

    // What Openen leads to, on the phone: the alarm in the console.
    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${opened.id}`);
    await page.getByText('Vriezer 3 te warm').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'push-openen-390');
  });

  test.skipIf(!hasScreen)(
    'on a 390 px screen the browser itself draws a HIGH alarm’s push: [HOOG] and the line, the location, the local time, the dashboard, Bevestigen and Openen',
    async () => {
      const screen = await startScreen(390, 844);
      onTestFinished(() => screen.close());
      const headful = await screen.launchBrowser();
      onTestFinished(() => headful.close());
      const page = await pageWithPush(headful, { viewport: null });

      const location = await api<{ id: number }>('POST', '/api/locations', {
        organizationId,
        name: 'Bakkerij De Korf',
        country: 'Nederland',
        state: 'Utrecht',
        city: 'Utrecht',
        streetAddress: 'Stationsplein 1',
        zipcode: '3511 ED',
      });
      const line = 'Koelcel 4 te warm: 9,5 °C';
      const alarm = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, {
        line,
        priority: 'HIGH',
        locationId: location.id,
      });
      await expect.poll(() => push.received.some((p) => p.payload.alarmId === alarm.id), { timeout: 15_000 }).toBe(true);
      const payload = push.received.find((p) => p.payload.alarmId === alarm.id)!.payload as { title: string; body: string; tag: string };
      expect(payload.title).toBe(`[HOOG] ${line}`);
      const [place, when, board] = payload.body.split('\n');
      expect(place).toBe('Bakkerij De Korf, Stationsplein 1, 3511 ED Utrecht');
      expect(when).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
      expect(board).toBe('Storingen Jansen');

      await deliverToWorker(page, product.url, JSON.stringify(payload));
      await expect
        .poll(() => page.evaluate(async (tag) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).length, payload.tag), {
          timeout: 20_000,
        })
        .toBe(1);
      // The browser's own window out of view, as on a locked phone: only the pop-up is on the screen.
      const cdp = await page.context().newCDPSession(page);
      const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number };
      await cdp.send('Browser.setWindowBounds', { windowId, bounds: { left: 4000, top: 0 } });
      await page.waitForTimeout(1500);
      const dir = process.env.E2E_SHOTS_DIR;
      if (dir) await screen.capture(path.join(dir, 'push-melding-390.png'));
    },
    90_000,
  );

  test('the profile’s contact methods and install help read well at 1440 and 390 px', async () => {
    for (const [name, device] of [
      ['1440', { viewport: { width: 1440, height: 900 } }],
      ['390', PHONE],
    ] as const) {
      const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, device);
      await page.goto(`${product.url}/app/profile`);
      await page.getByText('standaard').waitFor();
      await page.getByRole('heading', { name: 'Installeer op je telefoon' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `profile-push-${name}`);
    }
  });

  test('an e-mail address is added with Dutch field errors first, and a test says where it went', async () => {
    const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, PHONE);
    await page.goto(`${product.url}/app/profile`);
    const field = page.getByLabel('E-mailadres toevoegen');
    await field.fill('geen-adres');
    await page.getByRole('button', { name: 'Adres toevoegen' }).click();
    await page.getByText('Geef een geldig e-mailadres op.').waitFor();
    await field.fill('piket@example.nl');
    await page.getByRole('button', { name: 'Adres toevoegen' }).click();
    await page.getByText('piket@example.nl', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Test e-mail piket@example.nl' }).click();
    // No SMTP server in this journey: the answer says so in Dutch.
    await page.getByRole('status').getByText('Testmelding mislukt: Geen SMTP-server ingesteld.').waitFor();
  });

  test('at 390 px the console opens on the list with its filters behind one Filters button that counts them; at 1440 px nothing is folded', async () => {
    await api('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Compressor storing', priority: 'MEDIUM' });
    const phone = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, PHONE);
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox`);
    const row = phone.getByText('Compressor storing').first();
    await row.waitFor();
    const filters = phone.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await phone.getByLabel('Sorteren').isVisible()).toBe(false);
    // The set-up guide folds its steps too: the first alarm is on the first screen, above the fold.
    const steps = phone.getByRole('button', { name: 'Stappen tonen' });
    expect(await steps.getAttribute('aria-expanded')).toBe('false');
    expect((await row.boundingBox())!.y).toBeLessThan(844);
    await shot(phone, 'console-390-folded');
    await steps.click();
    await phone.getByRole('list', { name: 'Alarmen inrichten' }).waitFor();
    await phone.getByRole('button', { name: 'Stappen verbergen' }).click();
    await filters.click();
    await phone.getByLabel('Sorteren').waitFor();
    await phone.getByRole('button', { name: 'Hoog' }).click();
    await phone.getByRole('button', { name: 'Filters (1 actief)' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shot(phone, 'console-390-filters');

    const desk = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 900 } });
    await desk.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox`);
    await desk.getByLabel('Sorteren').waitFor();
    expect(await desk.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
  });
});

/** Hands a push message to the page's service worker as a push service would (CDP). */
async function deliverToWorker(page: Page, origin: string, data: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const own = registrations.find((r) => r.scopeURL === `${origin}/app/`);
      if (own) resolve(own.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
}

/**
 * Clicks a shown notification's button as the user would: the worker's own `notificationclick`
 * handler runs on the notification it showed. Chromium has no CDP command for that, so the event is
 * dispatched in the worker; a dispatched event has no user activation, so `clients.openWindow` is
 * recorded rather than run, and the worker's `fetch` is recorded on its way to the real server.
 */
async function clickNotification(page: Page, tag: string, action: 'ack' | 'open') {
  // The push was handed over just now: wait until the worker has shown it (a cold worker on a busy machine takes a while).
  await expect
    .poll(() => page.evaluate(async (t) => (await (await navigator.serviceWorker.ready).getNotifications({ tag: t })).length, tag), { timeout: 20_000 })
    .toBe(1);
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url().endsWith('/app/sw.js'))!;
  return worker.evaluate(
    async ({ tag, action }) => {
      const scope = self as unknown as {
        registration: { getNotifications(filter?: { tag: string }): Promise<Notification[]> };
        clients: { openWindow(url: string): Promise<unknown> };
        fetch: typeof fetch;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification with tag ${tag}`);
      const posted: { url: string; method?: string; contentType?: string; body?: unknown; status: number }[] = [];
      const opened: string[] = [];
      const realFetch = scope.fetch;
      const realOpen = scope.clients.openWindow;
      scope.fetch = async (input, init) => {
        const res = await realFetch(input, init);
        const headers = (init?.headers ?? {}) as Record<string, string>;
        posted.push({ url: String(input), method: init?.method, contentType: headers['Content-Type'], body: init?.body, status: res.status });
        return res;
      };
      scope.clients.openWindow = async (url) => void opened.push(url);
      try {
        const NotificationEventOf = (globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }).NotificationEvent;
        const event = NotificationEventOf && new NotificationEventOf('notificationclick', { notification, action });
        const waits: Promise<unknown>[] = [];
        Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
        scope.dispatchEvent(event);
        await Promise.all(waits);
      } finally {
        scope.fetch = realFetch;
        scope.clients.openWindow = realOpen;
      }
      const shown = (await scope.registration.getNotifications({ tag })).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      return { posted, opened, shown };
    },
    { tag, action },
  );
}

/** What the service worker's registration shows now, as `getNotifications()` reads it. */
async function notificationsOf(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length), { timeout: 5000 }).toBe(1);
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map(({ action, title }) => ({ action, title })),
    })),
  );
}
