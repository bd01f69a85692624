/**
 * Debian's Chromium driven by playwright-core. Without Chromium the journeys are skipped with a
 * loud notice, except under CI=true, where a missing browser fails the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContextOptions, type Page, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const message = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n!!! ${message} Browser journeys are SKIPPED.\n`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the current page. axe goes in by evaluation, not
 * as a <script> tag: the product's CSP (rightly) refuses inline script.
 */
export async function seriousA11yViolations(page: Page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/app/login`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** A 390 px wide touch phone, as the phone journeys use it. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A new page (desktop-sized unless `device` says otherwise), signed in and on the start page (a
 * customer's start page sends on to /app/dashboard before /app/ may ever show in the address bar).
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
  device: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
) {
  const page = await (await browser.newContext(device)).newPage();
  await signIn(page, baseUrl, email, password);
  await page.waitForURL((url) => url.href.startsWith(`${baseUrl}/app/`) && url.pathname !== '/app/login');
  return page;
}

/** A form field by its label; a required field's label ends in an asterisk. */
export const fieldLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** Whether the page scrolls only vertically (nothing sticks out sideways). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
