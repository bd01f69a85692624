import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INSTALLER } from '../scripts/demo-world';
import { addDays, todayLocal } from '../src/lib/amsterdam';
import { PHONE, fieldLabel, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { type DemoWorld, startDemoWorld } from './support/demo-world';
import type { Product } from './support/product';

const shots = process.env.SCREENSHOT_DIR ?? path.resolve('test-results/screenshots');
mkdirSync(shots, { recursive: true });

describe.skipIf(!hasChromium)('an installer sets an energy rule on a location in Chromium', () => {
  let world: DemoWorld;
  let product: Product;
  let browser: Browser;
  let page: Page;
  let locationId = 0;

  beforeAll(async () => {
    world = await startDemoWorld();
    ({ product, locationId } = world);
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  test('the form shows Dutch messages, previews the hits on a chart, then saves the rule', async () => {
    await page.goto(`${product.url}/app/admin/location/${locationId}`);
    await page.getByRole('heading', { name: 'Energieregels' }).waitFor();
    await page.getByText('Nog geen energieregels.', { exact: false }).waitFor();
    await page.getByText('laatste waarde', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: 'Nieuwe energieregel' }).click();
    await page.getByLabel(/^Grens \(kW\)/).fill('0');
    await page.getByRole('button', { name: 'Regel opslaan' }).click();
    await page.getByText('De naam van de regel moet worden opgegeven.').waitFor();
    await page.getByText('De grens moet groter dan 0 zijn.').waitFor();

    await page.getByLabel(/^Naam van de regel/).fill('Gecontracteerd vermogen');
    await page.getByLabel(/^Grens \(kW\)/).fill('3,4');
    await page.getByRole('button', { name: 'Voorbeeld tonen' }).click();
    const status = page.getByTestId('energy-preview').getByRole('status');
    await status.waitFor();
    await page.getByTestId('energy-preview-chart').locator('svg').first().waitFor();
    // the preview is what the server's preview answers for the same rule and period
    const meters = await world.api<{ meters: { id: number; type: string }[] }>('GET', `/api/location/${locationId}/summary`);
    const dashboards = await world.api<{ dashboards: { id: number }[] }>('GET', '/api/v1/alarms/dashboards/search');
    const rule = {
      name: 'x',
      meterId: meters.meters.find((m) => m.type === 'electricity')!.id,
      dashboardId: dashboards.dashboards[0]!.id,
      type: 'CAPACITY',
      limitKw: 3.4,
    };
    const expected = await world.api<{ alarms: { line: string }[] }>('POST', `/api/v1/locations/${locationId}/energy-rules/preview`, {
      rule,
      from: addDays(todayLocal(), -30),
      to: todayLocal(),
    });
    expect(expected.alarms.length).toBeGreaterThan(0);
    expect(await status.textContent()).toBe(`${expected.alarms.length} ${expected.alarms.length === 1 ? 'melding' : 'meldingen'} in deze periode.`);
    expect(await page.getByTestId('energy-preview').getByRole('listitem').allTextContents()).toEqual(expected.alarms.map((a) => a.line));

    await page.getByRole('button', { name: 'Regel opslaan' }).click();
    await page.getByTestId('energy-rules').getByText('Gecontracteerd vermogen', { exact: true }).first().waitFor();
    const saved = await world.api<{ name: string; limitKw: number; type: string }[]>('GET', `/api/v1/locations/${locationId}/energy-rules`);
    expect(saved).toMatchObject([{ name: 'Gecontracteerd vermogen', type: 'CAPACITY', limitKw: 3.4 }]);
  });

  test('the rule looked back 7 days: its alarms are the location’s open alarms; the page fits a phone', async () => {
    await page.reload();
    const alarms = page.getByTestId('location-alarms').getByRole('link', { name: /^Piekvermogen .* boven 3,4 kW — Hoofdkantoor Utrecht, Hoofdaansluiting/ });
    await alarms.first().waitFor();
    const phone = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await phone.goto(`${product.url}/app/admin/location/${locationId}`);
    await phone.getByRole('heading', { name: 'Energieregels' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
  });

  test('a night window (22:00 tot 06:00) is taken: the preview names each night by the day it starts on, the rule saves', async () => {
    /** Opens the form for a BASE_LOAD rule from 22:00 to 06:00. */
    const fillNight = async (p: Page) => {
      await p.goto(`${product.url}/app/admin/location/${locationId}`);
      await p.getByRole('button', { name: 'Nieuwe energieregel' }).click();
      await p.getByLabel(fieldLabel('Soort regel')).selectOption('BASE_LOAD');
      await p.getByLabel(/^Naam van de regel/).fill('Nachtverbruik');
      await p.getByLabel(/^Grens \(kW\)/).fill('0,1');
      await p.getByLabel(/^Van \(UU:MM\)/).fill('22:00');
      await p.getByLabel(/^Tot \(UU:MM\)/).fill('06:00');
      await p.getByRole('button', { name: 'Voorbeeld tonen' }).click();
      await p.getByTestId('energy-preview').getByRole('status').waitFor();
      await p.getByTestId('energy-preview-chart').locator('svg').first().waitFor();
    };
    const wide = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 900 } });
    await fillNight(wide);
    const rules = await world.api<{ meterId: number; dashboardId: number }[]>('GET', `/api/v1/locations/${locationId}/energy-rules`);
    const expected = await world.api<{ alarms: { line: string }[] }>('POST', `/api/v1/locations/${locationId}/energy-rules/preview`, {
      rule: { name: 'x', meterId: rules[0]!.meterId, dashboardId: rules[0]!.dashboardId, type: 'BASE_LOAD', limitKw: 0.1, from: '22:00', to: '06:00' },
      from: addDays(todayLocal(), -30),
      to: todayLocal(),
    });
    expect(expected.alarms.length).toBeGreaterThan(20);
    const lines = await wide.getByTestId('energy-preview').getByRole('listitem').allTextContents();
    expect(lines).toEqual(expected.alarms.map((a) => a.line));
    expect(lines[0]).toMatch(/^Basislast .* kW boven 0,1 kW tussen 22:00 en 06:00 — Hoofdkantoor Utrecht, Hoofdaansluiting \(\d\d-\d\d\)$/);
    await wide.screenshot({ path: path.join(shots, 'energy-night-window.png'), fullPage: true });
    await wide.getByRole('button', { name: 'Regel opslaan' }).click();
    await wide.getByTestId('energy-rules').getByText('gemiddeld boven 0,1 kW tussen 22:00 en 06:00', { exact: false }).waitFor();

    const phone = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await fillNight(phone);
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: path.join(shots, 'energy-night-window-phone.png'), fullPage: true });
  });
});
