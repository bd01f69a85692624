/**
 * The Systeem page in Chromium: an admin finds it in the admin nav, makes a backup now, sees it
 * listed as checked and downloads it; without BACKUP_PASSPHRASE the page says to keep secret.key
 * apart. Fits a phone. Screenshots at 1440 and 390 px go to $SCREENSHOT_DIR for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PHONE, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { ADMIN, type Product, startProduct } from './support/product';

const shots = process.env.SCREENSHOT_DIR ?? path.resolve('test-results/screenshots');

describe.skipIf(!hasChromium)('the Systeem page in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // Scheduled backups off: the only backup is the one the admin makes.
    product = await startProduct({ BACKUP_SCHEDULE: 'off' });
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 1000 } });
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('an admin makes a backup now, sees it checked in the list and downloads it', async () => {
    await page.goto(`${product.url}/app/admin`);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Systeem' }).click();
    await page.getByRole('heading', { level: 1, name: 'Systeem' }).waitFor();
    await page.getByText('Bewaar secret.key apart').waitFor();
    await page.getByText('Er zijn nog geen back-ups.').waitFor();
    await page.getByRole('button', { name: 'Nu back-up maken' }).click();
    await page.getByText(/Back-up energiebeheer-\d{8}T\d{6}Z\.backup is gemaakt en gecontroleerd\./).waitFor();
    const table = page.getByRole('table', { name: 'Back-ups' });
    await table.getByText('Gecontroleerd').waitFor();
    const downloading = page.waitForEvent('download');
    await table.getByRole('button', { name: /downloaden$/ }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^energiebeheer-\d{8}T\d{6}Z\.backup$/);
    await page.getByRole('table', { name: 'Taken' }).getByText('Back-up').waitFor();
    await page.screenshot({ path: path.join(shots, 'system-1440.png'), fullPage: true });
  });

  test('the page fits a phone', async () => {
    const phone = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, PHONE);
    await phone.goto(`${product.url}/app/admin/system`);
    await phone.getByRole('heading', { level: 1, name: 'Systeem' }).waitFor();
    await phone.getByRole('table', { name: 'Back-ups' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: path.join(shots, 'system-390.png'), fullPage: true });
  });
});
