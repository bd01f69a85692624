/**
 * Dashboards that tell the truth at a glance. The product runs in this process with an
 * injected clock (the HUB simulator shares it, so it publishes up to "yesterday"), and the browser's
 * clock is pinned to the same instant, since the client names the days ('Gisteren'). Screenshots go
 * to $SCREENSHOT_DIR (default: test-results/screenshots, ignored by git) for a person to look at;
 * the assertions are on text.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CUSTOMER, seedDemoWorld } from '../scripts/demo-world';
import { loadConfig } from '../src-server/config';
import { type HubSimulator, startHubSimulator } from '../src-server/modules/meterbeheer/hub-simulator/hub-simulator';
import { startServer } from '../src-server/server';
import { hasChromium, launchBrowser, seriousA11yViolations, signIn } from './support/browser';
import { ADMIN, adminToken } from './support/product';

/** Monday 23 November 2026, 09:00 in Amsterdam: the HUB has published up to Sunday midnight. */
const MONDAY = new Date('2026-11-23T08:00:00Z');
/** Wednesday 25 November 2026, 14:00 in Amsterdam: up to Tuesday midnight. */
const WEDNESDAY = new Date('2026-11-25T13:00:00Z');
const shots = process.env.SCREENSHOT_DIR ?? path.resolve('test-results/screenshots');
mkdirSync(shots, { recursive: true });

describe.skipIf(!hasChromium)('dashboards tell the truth at a glance', () => {
  let now = MONDAY;
  let sim: HubSimulator;
  let server: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let browser: Browser;

  async function sync() {
    const res = await fetch(`${server.url}/api/meterbeheer/sync`, { method: 'POST', headers: { authorization: `Bearer ${await adminToken(server.url)}` } });
    expect((await res.json()).failed).toBe(0);
  }
  /** A signed-in customer whose browser clock stands at `now`. */
  async function customerPage(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    await context.clock.setFixedTime(now);
    const page = await context.newPage();
    await signIn(page, `${server.url}`, CUSTOMER.email, CUSTOMER.password);
    await page.waitForURL(`${server.url}/app/dashboard`);
    return { context, page };
  }
  const bodyText = (page: Page) => page.locator('main').innerText();

  beforeAll(async () => {
    sim = await startHubSimulator({ historyDays: 400, now: () => now });
    dataDir = mkdtempSync(path.join(tmpdir(), 'energie-truth-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METERBEHEER_API_URL: sim.baseUrl,
      METERBEHEER_API_KEY: sim.apiKey,
      METERBEHEER_HISTORY_DAYS: '400',
    });
    server = await startServer(config, { clock: () => now, clientDir: path.resolve('dist/client'), log: () => {} });
    await seedDemoWorld(server.url, await adminToken(server.url));
    await sync();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('on a Monday: the list shows the last seven whole days, this week says it has no data yet, nothing reads −100 %', async () => {
    const { context, page } = await customerPage();
    const card = page.getByRole('link', { name: /Hoofdkantoor Utrecht/ });
    await expect.poll(() => card.innerText()).toMatch(/Stroom, 7 dagen \(16 nov\. – 22 nov\.\)\s+[\d.]+,\d kWh/);
    expect(await card.innerText()).toContain('Laatste meetwaarde: zo 22 nov. 23:45');
    await expect
      .poll(() =>
        card
          .getByRole('img', { name: /Stroomverbruik per dag/ })
          .locator('rect')
          .count(),
      )
      .toBe(7);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'truth-list-monday.png'), fullPage: true });

    await card.click();
    const power = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Elektriciteitsverbruik' }) });
    await power.waitFor();
    const text = await power.innerText();
    expect(text).toContain('Laatste meetwaarde: zo 22 nov. 23:45');
    expect(text).toMatch(/Gisteren\s+[\d.]+,\d kWh/);
    expect(text).toMatch(/Deze week\s+Nog geen data voor deze periode/);
    expect(text).toMatch(/Vorige week\s+[\d.]+,\d kWh/);
    expect(await bodyText(page)).not.toMatch(/[-−]100 %/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'truth-location-monday.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, 'truth-location-monday-phone.png'), fullPage: true });
    await context.close();
  });

  test('the module page opens on the latest week with data; the arrows move the period and an empty week says so', async () => {
    const { context, page } = await customerPage();
    await page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).click();
    await page.getByRole('link', { name: /Elektriciteitsverbruik/ }).click();
    await page.getByTestId('energy-chart').locator('.recharts-bar-rectangle').first().waitFor();
    // Sunday 22 November 2026 is in ISO week 47: the page opens there, not on the empty week 48 of "today".
    expect(await page.getByRole('spinbutton', { name: 'Week' }).inputValue()).toBe('47');
    expect(await bodyText(page)).toMatch(/Totaal Week 47 2026: [\d.]+,\d kWh/);
    // The peak comes with its own request: under load it may follow the chart's bars.
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toMatch(/Hoogste kwartiervermogen: [\d.]+,\d kW op \w\w \d+ \w+\. \d\d:\d\d/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'truth-module-week.png'), fullPage: true });

    await page.getByRole('button', { name: 'Volgende week' }).click();
    await page.waitForURL(/week=48/);
    await page.getByText('Nog geen data voor deze periode').waitFor();
    expect(await page.getByTestId('energy-chart').count()).toBe(0);
    await page.getByRole('button', { name: 'Vorige week' }).click();
    await page.getByRole('button', { name: 'Vorige week' }).click();
    await page.waitForURL(/week=46/);
    expect(await page.getByRole('spinbutton', { name: 'Week' }).inputValue()).toBe('46');
    await page.getByTestId('energy-chart').locator('.recharts-bar-rectangle').first().waitFor();

    await page.getByRole('button', { name: 'Per uur' }).click();
    await page.getByTestId('energy-chart').locator('.recharts-area-area').first().waitFor(); // the measured area (the forecast's band is an area too)
    expect(await page.getByTestId('energy-chart').locator('.recharts-bar-rectangle').count()).toBe(0);
    expect(await page.getByTestId('energy-chart').innerText()).toContain('kWh'); // the unit on the value axis
    await page.screenshot({ path: path.join(shots, 'truth-module-week-hourly.png'), fullPage: true });
    await context.close();
  });

  test('a year shows how much data each year has, compares only equal coverage, and the CSV carries net use and monthly peaks', async () => {
    const { context, page } = await customerPage();
    await page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).click();
    await page.getByRole('link', { name: /Elektriciteitsverbruik/ }).click();
    await page.getByRole('button', { name: 'Jaar', exact: true }).click();
    await page.getByRole('button', { name: 'Per maand' }).waitFor();
    await page.getByTestId('energy-chart').locator('.recharts-bar-rectangle').first().waitFor();
    const text = await bodyText(page);
    // Data since 19 October 2025: 2026 has 10.7 months, 2025 about 2.4, so there is no comparison of totals.
    expect(text).toMatch(/2026: 10,7 maanden data \(1 jan\. t\/m 22 nov\. 2026\) · 2025: 2,\d maanden data/);
    expect(text).toContain('geen vergelijking: 2025 heeft over deze dagen geen volledige data');
    expect(text).not.toMatch(/[-−]\d+ %/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'truth-module-year.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, 'truth-module-year-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    const lines = readFileSync((await download.path())!)
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Tijdstip;2026 (kWh);2025 (kWh);Teruglevering 2026 (kWh);Netto 2026 (kWh);Piekvermogen (kW);Piekmoment');
    const march = lines.find((l) => l.startsWith('2026-03-01'))!.split(';');
    const [use, feedIn, net, kw] = [march[1], march[3], march[4], march[5]].map((v) => Number(v!.replace(',', '.')));
    expect(net).toBeCloseTo(use! - feedIn!, 3);
    expect(kw).toBeGreaterThan(0);
    expect(march[6]).toMatch(/^2026-03-\d\dT\d\d:\d\d:00\+01:00$/);
    // December 2026 has no data yet; December 2025 has.
    expect(lines.find((l) => l.startsWith('2026-12-01'))).toMatch(/^2026-12-01T00:00:00\+01:00;;\d+,\d+;;;;$/);
    await context.close();
  });

  test('mid-week: this week runs to yesterday against the same days of last week, with the freshness shown', async () => {
    now = WEDNESDAY;
    await sync();
    const { context, page } = await customerPage();
    await expect.poll(() => page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).innerText()).toContain('Laatste meetwaarde: di 24 nov. 23:45');
    await page.getByRole('link', { name: /Hoofdkantoor Utrecht/ }).click();
    const power = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Elektriciteitsverbruik' }) });
    await power.waitFor();
    const text = await power.innerText();
    expect(text).toContain('Laatste meetwaarde: di 24 nov. 23:45');
    const week = /Deze week t\/m gisteren\s+([\d.]+,\d) kWh\s*([+-−]?\d+) %\s+Zelfde dagen vorige week: ([\d.]+,\d) kWh/.exec(text);
    expect(week, text).not.toBeNull();
    expect(Math.abs(Number(week![2]!.replace('−', '-')))).toBeLessThan(50); // the same two days, not two days against three
    expect(text).toMatch(/Gisteren\s+[\d.]+,\d kWh/);
    expect(await bodyText(page)).not.toMatch(/[-−]100 %/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'truth-location-wednesday.png'), fullPage: true });
    await context.close();
  });
});
