import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CUSTOMER } from '../scripts/demo-world';
import { hasChromium, launchBrowser, signIn } from './support/browser';
import { type SyncedDemo, startSyncedDemo } from './support/demo-world';
import type { Product } from './support/product';

describe.skipIf(!hasChromium)('a customer reads its energy in Chromium', () => {
  let world: SyncedDemo;
  let product: Product;
  let browser: Browser;
  let page: Page;
  /** A location of the seeded organization that the customer is not linked to. */
  let foreignLocationId: number;

  beforeAll(async () => {
    world = await startSyncedDemo(60);
    product = world.product;
    foreignLocationId = (await world.api<{ locations: { id: number }[] }>('GET', '/api/locations/list?query=Magazijn%20Nieuwegein')).locations[0]!.id;
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  test('a customer lands on the dashboard and sees only its own locations', async () => {
    await signIn(page, product.url, CUSTOMER.email, CUSTOMER.password);
    await page.waitForURL(`${product.url}/app/dashboard`);
    await page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).waitFor();
    await page.getByRole('link', { name: /Winkel Amersfoort/ }).waitFor();
    expect(await page.getByText('Magazijn Nieuwegein').count()).toBe(0);
    await expect.poll(() => page.getByText(/Stroom, 7 dagen/).count()).toBe(2);
  });

  test('the location shows its modules with figures; another location is not found', async () => {
    await page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Hoofdkantoor Utrecht' }).waitFor();
    for (const module of ['Elektriciteitsverbruik', 'Teruglevering', 'Gasverbruik']) await page.getByRole('heading', { name: module }).waitFor();
    await page.getByText('Verwachting vandaag').first().waitFor();
    await page
      .getByText(/Laatste meetwaarde: /)
      .first()
      .waitFor();
    const url = page.url();
    await page.goto(url.replace(/dashboard\/[^/?#]+/, `dashboard/${foreignLocationId}`));
    await page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
    await page.goto(url);
  });

  test('a module shows a chart, switches week and year, shows a table and downloads a CSV', async () => {
    await page.getByRole('link', { name: /Elektriciteitsverbruik/ }).click();
    await page.getByTestId('energy-chart').locator('.recharts-bar-rectangle').first().waitFor();
    // The page opens on the latest week with data; the week before it has data too (60 days synced).
    await page.getByRole('button', { name: 'Vorige week' }).click();
    await page.waitForURL(/week=\d+/);
    await page.getByRole('button', { name: 'Per uur' }).click();
    await page.getByRole('button', { name: 'Tabel' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(160);

    await page.getByRole('button', { name: 'Jaar', exact: true }).click();
    await page.getByRole('button', { name: 'Per maand' }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(13);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM, so Excel reads UTF-8
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Tijdstip;\d{4} \(kWh\);\d{4} \(kWh\);Teruglevering \d{4} \(kWh\);Netto \d{4} \(kWh\);Piekvermogen \(kW\);Piekmoment$/);
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).some((l) => /;\d+,\d+;/.test(l))).toBe(true);
  });
});
