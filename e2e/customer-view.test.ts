import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CUSTOMER, INSTALLER } from '../scripts/demo-world';
import { PHONE, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { type DemoWorld, startDemoWorld } from './support/demo-world';
import { shot } from './support/mail';

const A = '/api/v1/alarms';

describe.skipIf(!hasChromium)('the customer’s view: storingen en onderhoud on the customer’s location page, off (NONE) and on (SUMMARY)', () => {
  let world: DemoWorld;
  let browser: Browser;
  let page: string;

  beforeAll(async () => {
    world = await startDemoWorld();
    const { api, dashboardId, locationId } = world;
    page = `${world.product.url}/app/dashboard/${locationId}-hoofdkantoor-utrecht`;
    const { organizations } = await api<{ organizations: { id: number }[] }>('GET', '/api/organizations/list');
    await api('PATCH', `/api/organization/${organizations[0]!.id}`, {
      contact: { phone: '030 123 45 67', email: 'service@zonnedak.nl', hours: 'Ma–vr 8–17 uur, storingen 24/7' },
    });
    const raise = (line: string, priority: string) =>
      api<{ id: number }>('POST', `${A}/dashboards/${dashboardId}/alarms`, { line, priority, locationId, data: { intern: 'GEHEIM-123' } });
    await raise('Koeling vriezer uitgevallen', 'HIGH');
    const oven = await raise('Omvormer 2 geeft foutcode 31', 'MEDIUM');
    await api('POST', `${A}/alarms/${oven.id}/acknowledge`);
    const done = await raise('Groepenkast: aardlek uitgeschakeld', 'HIGH');
    const folders = await api<{ id: number; name: string }[]>('GET', `${A}/dashboards/${dashboardId}/folders`);
    await api('PATCH', `${A}/alarms/${done.id}/folder`, { folderId: folders.find((f) => f.name === 'done')!.id });
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(21, 0, 0, 0);
    await api('POST', `${A}/dashboards/${dashboardId}/maintenance-windows`, {
      from: start.toISOString(),
      to: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      note: 'Firmware-update omvormers',
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  const customerPage = async (device?: Parameters<typeof signedInPage>[4]) => {
    const p = await signedInPage(browser, world.product.url, CUSTOMER.email, CUSTOMER.password, device);
    await p.goto(page);
    await p.getByRole('heading', { level: 1, name: 'Hoofdkantoor Utrecht' }).waitFor();
    return p;
  };
  const settled = (p: Page) => p.waitForLoadState('networkidle');
  /** Each test sets what the customer sees itself, so it runs alone (`-t`) and in any order. */
  const setCustomerView = (customerView: 'NONE' | 'SUMMARY', monthlyMail = false) =>
    world.api('PATCH', `/api/location/${world.locationId}`, { customerView, monthlyMail });

  test('with NONE (the default) the customer sees only energy: no storingen, no maintenance, at 1440 and 390 px', async () => {
    await setCustomerView('NONE');
    for (const [name, device] of [
      ['1440', { viewport: { width: 1440, height: 900 } }],
      ['390', PHONE],
    ] as const) {
      const p = await customerPage(device);
      await settled(p);
      expect(await p.getByRole('heading', { name: 'Storingen en onderhoud' }).count()).toBe(0);
      expect(await p.content()).not.toContain('Koeling vriezer');
      expect(await fitsWidth(p)).toBe(true);
      await shot(p, `customer-view-none-${name}`);
      await p.context().close();
    }
  });

  test('the installer turns on SUMMARY on the location page after looking at the preview', async () => {
    await setCustomerView('NONE');
    const p = await signedInPage(browser, world.product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 900 } });
    await p.goto(`${world.product.url}/app/admin/location/${world.locationId}`);
    await p.getByRole('heading', { name: 'Wat de klant ziet' }).waitFor();
    await p.getByRole('button', { name: 'Zo ziet de klant het' }).click();
    await p.getByTestId('location-status').waitFor();
    await p.getByLabel(/Energie, storingen en onderhoud/).check();
    await p.getByLabel(/Maandoverzicht per e-mail/).check();
    await p.getByRole('button', { name: 'Klantweergave opslaan' }).click();
    await p.getByText('Opgeslagen.').waitFor();
    await shot(p, 'customer-view-settings-1440');
    const location = await world.api<{ customerView: string; monthlyMail: boolean }>('GET', `/api/location/${world.locationId}`);
    expect(location).toMatchObject({ customerView: 'SUMMARY', monthlyMail: true });
    await p.context().close();
  });

  test('with SUMMARY the customer sees open alarms (in behandeling), what was resolved and after how long, planned maintenance and whom to call, at 1440 and 390 px', async () => {
    await setCustomerView('SUMMARY');
    for (const [name, device] of [
      ['1440', { viewport: { width: 1440, height: 900 } }],
      ['390', PHONE],
    ] as const) {
      const p = await customerPage(device);
      await p.getByRole('heading', { name: 'Storingen en onderhoud' }).waitFor();
      await p.getByTestId('location-status').waitFor();
      const open = p.getByTestId('open-alarm');
      expect(await open.count()).toBe(2);
      expect(await open.first().textContent()).toContain('Koeling vriezer uitgevallen');
      expect(await open.nth(1).textContent()).toContain('in behandeling');
      expect(await open.first().textContent()).toMatch(/Sinds \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
      expect(await p.getByTestId('resolved-alarm').first().textContent()).toMatch(/Groepenkast: aardlek uitgeschakeld.*opgelost na/);
      expect(await p.getByTestId('maintenance-window').first().textContent()).toContain('Firmware-update omvormers');
      expect(await p.getByRole('link', { name: '030 123 45 67' }).getAttribute('href')).toBe('tel:0301234567');
      expect(await p.getByRole('link', { name: 'service@zonnedak.nl' }).getAttribute('href')).toBe('mailto:service@zonnedak.nl');
      expect(await p.content()).not.toContain('GEHEIM-123');
      expect(await p.content()).not.toContain('Storingen Zonnedak');
      expect(await fitsWidth(p)).toBe(true);
      await shot(p, `customer-view-summary-${name}`);
      await p.context().close();
    }
  });

  test('the month report the monthly mail links to opens for the customer and prints', async () => {
    const p = await customerPage({ viewport: { width: 1440, height: 900 } });
    await p.getByRole('link', { name: 'Maandrapport' }).click();
    await p.getByRole('heading', { level: 1, name: 'Maandrapport Hoofdkantoor Utrecht' }).waitFor();
    await p.getByTestId('month-energy').first().waitFor();
    expect(await p.getByTestId('month-energy').first().locator('dd').textContent()).toMatch(/^[\d.]+(,\d)? kWh$|^–$/);
    await shot(p, 'customer-month-report-1440');
    await p.context().close();
  });
});
