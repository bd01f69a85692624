/**
 * The console for a working day: the overview's card opens the filtered dashboard-wide
 * list, the filter lives in the URL, a saved view appears in the sidebar with its count, rows show
 * location and folder, the CSV downloads; at 1440 px and on a 390 px phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PHONE, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { addLocation, adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'iris@example.nl', password: 'installateur-wachtwoord', fullName: 'Iris de Vries' };

describe.skipIf(!hasChromium)('the console for a working day in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let api: RestApi;

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    let organizationId: number;
    ({ organizationId, dashboardId } = await installerDashboard(api, { organization: 'Warmte Service', dashboard: 'Storingen Warmte', installer: INSTALLER }));
    const bakkerij = await addLocation(api, organizationId, 'Bakkerij Jansen');
    const school = await addLocation(api, organizationId, 'Basisschool De Linde');
    const base = `/api/v1/alarms/dashboards/${dashboardId}`;
    await api('POST', `${base}/alarms`, { line: 'Oven 2: temperatuur te hoog', priority: 'HIGH', locationId: bakkerij.id });
    await api('POST', `${base}/alarms`, { line: 'Koelcel: deur open', priority: 'MEDIUM', locationId: bakkerij.id });
    await api('POST', `${base}/alarms`, { line: 'CV-ketel: lage druk', priority: 'HIGH', locationId: school.id });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('1440 px: the HIGH card opens the filtered list; a search by location name; a saved view with its count in the sidebar; CSV', async () => {
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${product.url}/app/alarms/${dashboardId}`);
    await page.getByTestId('overview-figure').filter({ hasText: 'Prioriteit hoog' }).click();
    await page.waitForURL(/\/search\?.*priority=HIGH/);
    await expect.poll(() => page.getByTestId('alarm-row').count()).toBe(2);
    await page.getByRole('searchbox').fill('bakkerij');
    await expect.poll(() => page.getByTestId('alarm-row').count()).toBe(1);
    await page.waitForURL(/q=bakkerij/);
    expect(await page.getByTestId('alarm-location').first().textContent()).toContain('Bakkerij Jansen');
    expect(await page.getByTestId('alarm-folder').first().textContent()).toContain('Inbox');
    await page.getByPlaceholder('Mijn open HOOG vandaag').fill('HOOG bij de bakker');
    await page.getByRole('button', { name: 'Weergave opslaan' }).click();
    const view = page.getByTestId('saved-view').filter({ hasText: 'HOOG bij de bakker' });
    await view.waitFor();
    expect(await view.textContent()).toContain('1');
    // A reload keeps the filter: it is the URL.
    await page.reload();
    await expect.poll(() => page.getByTestId('alarm-row').count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV exporteren' }).click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    expect(text.startsWith('\uFEFFOntvangen;Prioriteit;Melding;Locatie;Map;Toegewezen aan;Bevestigd;Opgelost;Aantal')).toBe(true);
    expect(text).toContain(';Hoog;Oven 2: temperatuur te hoog;Bakkerij Jansen;Inbox;');
    await shot(page, 'console-day-1440');
    await page.close();
  });

  test('390 px: the filtered list and its rows fit the phone', async () => {
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await page.goto(`${product.url}/app/alarms/${dashboardId}/search?priority=HIGH`);
    await expect.poll(() => page.getByTestId('alarm-row').count()).toBe(2);
    expect(await fitsWidth(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'console-day-390');
    await page.close();
  });
});
