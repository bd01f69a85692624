/**
 * The smaller things a first walk through the product found, each seen in
 * Chromium at 1440 and 390 px.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fieldLabel, hasChromium, launchBrowser, PHONE, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { addLocation, ADMIN, adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const INSTALLER = { email: 'installateur@example.nl', password: 'installateur-wachtwoord' };
const CUSTOMER = { email: 'klant@example.nl', password: 'klant-wachtwoord-123' };

describe.skipIf(!hasChromium)('the smaller things', () => {
  let product: Product;
  let browser: Browser;
  let orgId = 0;
  let dashboardId = 0;
  let api: RestApi;

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    ({ organizationId: orgId, dashboardId } = await installerDashboard(api, {
      organization: 'Zonnedak Installaties',
      dashboard: 'Storingen Zonnedak',
      installer: INSTALLER,
    }));
    const location = await addLocation(api, orgId, 'Kantoor');
    await api('POST', '/api/users/create', { type: 'customer', locationIds: [location.id], ...CUSTOMER });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const [size, device] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as [string, BrowserContextOptions][]) {
    test(`a customer opening /app/alarms sees 'Geen toegang' and the page logs no error (${size} px)`, async () => {
      const page = await signedInPage(browser, product.url, CUSTOMER.email, CUSTOMER.password, device);
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${product.url}/app/alarms`);
      await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `smaller-customer-alarms-${size}`);
      expect(errors).toEqual([]);
    });

    test(`an installer with one dashboard goes straight to it; a folder's label works as its URL; the sidebar toggle is named (${size} px)`, async () => {
      const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, device);
      await page.getByRole('link', { name: /Alarmen/ }).click();
      await page.waitForURL(`${product.url}/app/alarms/${dashboardId}`);
      await page.getByRole('heading', { level: 1, name: 'Overzicht' }).waitFor();
      await page.getByRole('button', { name: 'Navigatiebalk in-/uitklappen' }).waitFor();
      await shot(page, `smaller-installer-one-dashboard-${size}`);
      await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/afgehandeld`);
      await page.waitForURL(`${product.url}/app/alarms/${dashboardId}/folders/done`);
      await page.getByRole('heading', { level: 1, name: 'Afgehandeld' }).waitFor();
    });

    test(`a new mail source can be tested before it is saved; nothing is stored (${size} px)`, async () => {
      const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, device);
      await page.goto(`${product.url}/app/alarms/${dashboardId}/emails/sources`);
      await page.getByRole('button', { name: 'Bron toevoegen' }).click();
      const sheet = page.getByRole('dialog', { name: 'Bron toevoegen' });
      await sheet.getByRole('button', { name: 'Verbinding testen' }).click();
      await sheet.getByText('De IMAP-server moet worden opgegeven.').waitFor();
      await sheet.getByLabel(fieldLabel('Naam')).fill('Meldkamer');
      await sheet.getByLabel(fieldLabel('Server')).fill('127.0.0.1');
      await sheet.getByLabel(fieldLabel('Poort')).fill('9');
      await sheet.getByRole('checkbox', { name: /TLS/ }).uncheck();
      await sheet.getByLabel(fieldLabel('Gebruikersnaam')).fill('meldkamer');
      await sheet.getByLabel(fieldLabel('Wachtwoord')).fill('geheim');
      await sheet.getByRole('button', { name: 'Verbinding testen' }).click();
      const outcome = sheet.getByTestId('new-source-test-outcome');
      await outcome.waitFor({ timeout: 20_000 });
      expect(await outcome.getAttribute('data-ok')).toBe('false');
      expect(await outcome.textContent()).toMatch(/Geen IMAP-server bereikbaar/);
      await shot(page, `smaller-source-test-${size}`);
      expect(await api<unknown[]>('GET', `/api/v1/alarms/dashboards/${dashboardId}/email-alarm-sources`)).toEqual([]);
    });

    test(`'Gegeven toevoegen' works on the first click while a field with a wrong pattern still has the focus (${size} px)`, async () => {
      const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, device);
      await page.goto(`${product.url}/app/alarms/${dashboardId}/emails/parsers`);
      await page.getByRole('button', { name: 'Parser toevoegen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Parser toevoegen' }).waitFor();
      const form = page.getByRole('main');
      // Leaving this field shows its message above the button: the button used to move away under the pointer.
      await form.getByLabel(fieldLabel('Onderwerp')).fill('^Alarm: (');
      await form.getByRole('button', { name: 'Gegeven toevoegen' }).click();
      expect(await form.getByTestId('data-field').count()).toBe(1);
      await form.getByTestId('data-field').first().getByLabel(fieldLabel('Patroon')).fill('^Status: (');
      await form.getByRole('button', { name: 'Gegeven toevoegen' }).click();
      expect(await form.getByTestId('data-field').count()).toBe(2);
      await shot(page, `smaller-parser-data-fields-${size}`);
    });
  }

  test('the only organization is chosen already in the location, installer and dashboard forms', async () => {
    const page: Page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, DESKTOP);
    for (const path of ['/app/admin/locations/create', '/app/admin/users/create/installer']) {
      await page.goto(`${product.url}${path}`);
      await expect.poll(() => page.getByLabel(fieldLabel('Organisatie')).inputValue()).toBe(String(orgId));
    }
    await shot(page, 'smaller-only-organization-1440');
    await page.goto(`${product.url}/app/alarms`);
    await page.getByRole('button', { name: 'Dashboard toevoegen' }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel(fieldLabel('Organisatie')).inputValue()).toBe(String(orgId));
  });
});
