/**
 * The open console shows a new alarm from its live event: with every request for the folder's list
 * held back, the alarm raised over REST still appears in its place, a filter still keeps out what it
 * should, and once the list answers again the page agrees with it.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, launchBrowser, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'lisa@example.nl', password: 'installateur-wachtwoord', fullName: 'Lisa Live' };

describe.skipIf(!hasChromium)('a new alarm in an open console', () => {
  let product: Product;
  let browser: Browser;
  let organizationId: number;
  /** The dashboard of the test that runs: each test makes its own, so it runs alone and in any order. */
  let dashboardId: number;
  let page: Page;
  let api: RestApi;
  const newDashboard = async (name: string) => (dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name, organizationId })).id);
  const raise = (line: string, priority = 'MEDIUM') => api('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line, priority });
  const rows = () => page.getByTestId('alarm-row');
  /** Holds every request for a folder's alarms (tRPC batches name their procedures in the path) until released. */
  async function holdLists() {
    const held: Route[] = [];
    const handler = (route: Route) => void held.push(route);
    await page.route(/\/trpc\/[^?]*alarm\.list/, handler);
    return {
      held,
      release: async () => {
        await page.unroute(/\/trpc\/[^?]*alarm\.list/, handler);
        await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
      },
    };
  }
  const openInbox = async (query = '') => {
    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox${query}`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .first()
      .waitFor();
  };

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    ({ organizationId } = await installerDashboard(api, { organization: 'Koeltechniek Live', dashboard: 'Storingen Koeling', installer: INSTALLER }));
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 1000 } });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('the row appears from the event while the list request is held back, on top, and the list agrees once it answers', async () => {
    await newDashboard('Koelcellen');
    await raise('Koelcel 1: deur open');
    await openInbox();
    await expect.poll(() => rows().count()).toBe(1);
    const lists = await holdLists();
    await raise('Koelcel 2: temperatuur te hoog', 'HIGH');
    await expect.poll(() => rows().first().textContent(), { timeout: 3000 }).toContain('Koelcel 2: temperatuur te hoog');
    expect(await rows().count()).toBe(2);
    // The console did ask for the list again (to reconcile), and got no answer yet.
    await expect.poll(() => lists.held.length).toBeGreaterThan(0);
    await shot(page, 'live-row-from-event-1440');
    await lists.release();
    await page.waitForResponse(/\/trpc\/[^?]*alarm\.list/).catch(() => undefined);
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining('Koelcel 2'), expect.stringContaining('Koelcel 1')]);
  });

  test('a filter on the page keeps an event row out that it does not match, and takes one that it does', async () => {
    await newDashboard('Vriescellen');
    await raise('Koelcel 2: temperatuur te hoog', 'HIGH');
    await raise('Koelcel 1: deur open');
    await openInbox('?priority=HIGH');
    await expect.poll(() => rows().count()).toBe(1);
    const lists = await holdLists();
    await raise('Koelcel 3: sensor offline', 'LOW');
    await raise('Koelcel 4: compressor uit', 'HIGH');
    await expect.poll(() => rows().first().textContent(), { timeout: 3000 }).toContain('Koelcel 4');
    expect(await rows().allTextContents()).not.toContainEqual(expect.stringContaining('Koelcel 3'));
    expect(await rows().count()).toBe(2);
    await lists.release();
  });
});
