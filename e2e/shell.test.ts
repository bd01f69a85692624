import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, launchBrowser, seriousA11yViolations, signIn } from './support/browser';
import { ADMIN, type Product, startProduct } from './support/product';

describe.skipIf(!hasChromium)('the app shell in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function freshPage(viewport = { width: 1280, height: 800 }) {
    await context?.close();
    context = await browser.newContext({ viewport, locale: 'nl-NL' });
    page = await context.newPage();
    return page;
  }

  test('a protected page sends a visitor to the login page and back after signing in', async () => {
    await freshPage();
    await page.goto(`${product.url}/app/admin`);
    await page.waitForURL(/\/app\/login\?redirect=/);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${product.url}/app/admin`);
    await page.getByRole('heading', { name: 'Beheer' }).waitFor();
  });

  test('each login failure is shown in Dutch', async () => {
    await freshPage();
    await page.goto(`${product.url}/app/login`);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('Het e-mailadres moet worden opgegeven.').waitFor();
    await page.getByText('Het wachtwoord moet worden opgegeven.').waitFor();

    await signIn(page, product.url, 'niemand@example.nl', 'wat dan ook');
    await page.getByText('Er bestaat geen gebruiker met dit e-mailadres.').waitFor();

    await signIn(page, product.url, ADMIN.email, 'fout wachtwoord');
    await page.getByText('Het wachtwoord is onjuist.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authentication'))).toBeNull();
  });

  test('signing in lands on the start page with tiles and stores both tokens under "authentication"', async () => {
    await freshPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    await page.getByRole('link', { name: /Beheer/ }).waitFor();
    await page.getByRole('link', { name: /Dashboard/ }).waitFor();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('authentication')))!);
    expect(Object.keys(stored).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the login page has no serious accessibility violations', async () => {
    await freshPage();
    await page.goto(`${product.url}/app/login`);
    await page.getByRole('button', { name: 'Inloggen' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('Ctrl+B collapses the sidebar, and the choice survives a reload', async () => {
    await freshPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    await page.goto(`${product.url}/app/admin`);
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('expanded');

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604800 - 60);

    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-state')).toBe('collapsed');

    await page.getByRole('button', { name: 'Navigatiebalk in-/uitklappen' }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Navigatiebalk in/ uitklappen' }).waitFor();
    await page.getByRole('button', { name: 'Navigatiebalk in-/uitklappen' }).click();
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('expanded');
  });

  test('below 768 px the sidebar opens as a side sheet', async () => {
    await freshPage({ width: 375, height: 740 });
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    await page.goto(`${product.url}/app/admin`);
    await page.getByRole('button', { name: 'Navigatiebalk in-/uitklappen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigatie' });
    await sheet.waitFor();
    await sheet.getByRole('link', { name: 'Overzicht' }).waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  });

  test("'Naar dashboard' waits a second with a spinner, then opens the dashboard", async () => {
    await freshPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    await page.goto(`${product.url}/app/admin`);
    const button = page.getByRole('button', { name: 'Naar dashboard' });
    const clickedAt = Date.now();
    await button.click();
    expect(await button.isDisabled()).toBe(true);
    await page.waitForURL(`${product.url}/app/dashboard`);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  test('signing out ends the session and protected pages ask to sign in again', async () => {
    await freshPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    const { accessToken } = JSON.parse((await page.evaluate(() => localStorage.getItem('authentication')))!);
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL(/\/app\/login/);
    expect(await page.evaluate(() => localStorage.getItem('authentication'))).toBeNull();
    const me = await fetch(`${product.url}/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(401);
    await page.goto(`${product.url}/app/`);
    await page.waitForURL(/\/app\/login/);
  });

  test('an unknown page shows the Dutch not-found page', async () => {
    await freshPage();
    await page.goto(`${product.url}/app/bestaat-niet`);
    await page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
  });
});
