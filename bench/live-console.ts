/**
 * A new alarm's event → its row painted in an open console, in headless Chromium against the built
 * product. A script in the page notes when the subscription's `created` event reaches the page
 * (the message the console's event source dispatches) and when the row with the alarm's line is in
 * the list, at the animation frame after it (the frame that paints it). The alarms are raised over
 * REST, one at a time. Beside it, in the same run, the path every event took before its row came
 * with it: the same console with a search text the row cannot decide (it matches the alarm's data),
 * so the row appears only through the list's refetch.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, signedInPage } from '../e2e/support/browser';
import { adminToken, installerDashboard, restClient, startProduct } from '../e2e/support/product';

const ROUNDS = 31;
const INSTALLER = { email: 'live@example.nl', password: 'live-console-wachtwoord', fullName: 'Live Console' };
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

declare global {
  interface Window {
    __live: { created: number[]; painted: Record<string, number> };
  }
}

/** Runs in the page before its own scripts; a string, as the bench's compiler would add helpers to a function's text. */
const PROBE = `
  window.__live = { created: [], painted: {} };
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (event) {
    if (event instanceof MessageEvent && typeof event.data === 'string' && event.data.includes('"type":"created"')) window.__live.created.push(performance.now());
    return dispatch.call(this, event);
  };
  new MutationObserver(() => {
    for (const row of document.querySelectorAll('[data-testid="alarm-row"]')) {
      const marker = /Meting (\\d+)/.exec(row.textContent || '')?.[1];
      if (marker && !(marker in window.__live.painted)) {
        window.__live.painted[marker] = -1;
        requestAnimationFrame(() => (window.__live.painted[marker] = performance.now()));
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

async function rounds(page: Page, raise: (line: string) => Promise<unknown>, offset: number) {
  const samples: number[] = [];
  for (let i = -1; i < ROUNDS; i++) {
    const marker = String(offset + i + 1);
    await page.evaluate(() => (window.__live.created = []));
    await raise(`Meting ${marker} buiten bereik`);
    await page
      .waitForFunction((m) => (window.__live.painted[m] ?? -1) > 0 && window.__live.created.length > 0, marker, { timeout: 10_000 })
      .catch(async (error: unknown) => {
        console.error(JSON.stringify(await page.evaluate(() => window.__live)), await page.locator('[data-testid="alarm-row"]').allTextContents(), page.url());
        throw error;
      });
    const [arrived, painted] = await page.evaluate((m) => [window.__live.created[0]!, window.__live.painted[m]!], marker);
    if (i >= 0) samples.push(painted - arrived);
    await new Promise((r) => setTimeout(r, 100));
  }
  return samples;
}

export async function benchLiveConsole() {
  const product = await startProduct();
  const browser = await launchBrowser();
  try {
    const token = await adminToken(product.url);
    const api = restClient(
      () => product,
      () => token,
    );
    const { dashboardId } = await installerDashboard(api, { organization: 'Live BV', dashboard: 'Live', installer: INSTALLER });
    const raise = (line: string) => api('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line, data: { code: 'zoekcode' } });
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 1000 } });
    await page.addInitScript(PROBE);
    const open = async (query: string) => {
      await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox${query}`);
      await page
        .getByRole('status')
        .filter({ hasText: /^Live$/ })
        .first()
        .waitFor();
    };
    await open('');
    const fromEvent = await rounds(page, raise, 0);
    await open('?q=zoekcode');
    const fromRefetch = await rounds(page, raise, 1000);
    return {
      p50: quantile(fromEvent, 0.5),
      p95: quantile(fromEvent, 0.95),
      refetchP50: quantile(fromRefetch, 0.5),
      refetchP95: quantile(fromRefetch, 0.95),
    };
  } finally {
    await browser.close();
    await product.stop();
  }
}
