import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CUSTOMER, INSTALLER } from '../scripts/demo-world';
import { PHONE, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { type SyncedDemo, startSyncedDemo } from './support/demo-world';
import type { Product } from './support/product';

/** Where the journey leaves its screenshots, when asked (`FORECAST_SHOTS=/some/dir`). */
const SHOTS = process.env.FORECAST_SHOTS;

describe.skipIf(!hasChromium)('the forecast with its band on a module page', () => {
  let world: SyncedDemo;
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    world = await startSyncedDemo(60);
    product = world.product;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  async function hourlyModulePage(who: { email: string; password: string }, device = { viewport: { width: 1440, height: 900 } }): Promise<Page> {
    const page = await signedInPage(browser, product.url, who.email, who.password, device);
    await page.goto(`${product.url}/app/dashboard`);
    await page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).click();
    await page.getByRole('link', { name: /Elektriciteitsverbruik/ }).click();
    await page.getByRole('button', { name: 'Per uur' }).click();
    return page;
  }

  for (const [who, person] of [
    ['customer', CUSTOMER],
    ['installer', INSTALLER],
  ] as const) {
    test(`the ${who} sees the expected use per hour as a dotted line in a light band, named in the legend and the tooltip`, async () => {
      const page = await hourlyModulePage(person);
      const chart = page.getByTestId('energy-chart');
      await chart.getByText('Verwachting (bandbreedte)').waitFor();
      await chart.getByText('Verwachting', { exact: true }).waitFor();
      const box = (await chart.locator('.recharts-cartesian-grid').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2); // Thursday: the past days of the week show their forecasts too
      await chart.getByText(/^Verwachting: [\d.,]+ kWh/).waitFor();
      await chart.getByText(/meestal [\d.,]+ – [\d.,]+ kWh/).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/forecast-${who}-1440.png`, fullPage: true });
      await page.getByRole('button', { name: 'Tabel' }).click();
      await page.getByRole('columnheader', { name: 'Verwachting' }).waitFor();
      await expect.poll(() => page.getByRole('cell', { name: /kWh \([\d.,]+ – [\d.,]+ kWh\)/ }).count()).toBeGreaterThan(24);
      await page.close();
    });
  }

  test('on a phone the chart keeps its forecast and legend within the screen, per hour and per day', async () => {
    const page = await hourlyModulePage(CUSTOMER, PHONE);
    const chart = page.getByTestId('energy-chart');
    await chart.getByText('Verwachting (bandbreedte)').waitFor();
    const box = (await chart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await fitsWidth(page)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forecast-customer-390.png`, fullPage: true });
    // Per day the forecast is a point per day, without a band.
    await page.getByRole('button', { name: 'Per dag' }).click();
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await chart.getByText('Verwachting', { exact: true }).waitFor();
    expect(await chart.getByText('Verwachting (bandbreedte)').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forecast-customer-390-days.png`, fullPage: true });
    await page.close();
  });
});
