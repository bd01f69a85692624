import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PHONE, fitsWidth, hasChromium, launchBrowser, seriousA11yViolations, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'ivo@example.nl', password: 'installateur-wachtwoord', fullName: 'Ivo Installateur' };

/** The first instant of last month in Amsterdam, give or take an hour. */
function lastMonthStart() {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1) / 1000;
}

describe.skipIf(!hasChromium)('maintenance windows and the response-time report in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let installer: Page;

  let api: RestApi;
  const area = (page: Page, route: string) => page.goto(`${product.url}/app/alarms/${dashboardId}${route}`);

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    ({ dashboardId } = await installerDashboard(api, { organization: 'Warmtewerk', dashboard: 'Storingen Warmtewerk', installer: INSTALLER }));
    // Last month's alarms with their handling times, written the way the lifecycle records them.
    const ids = [];
    for (let i = 0; i < 40; i++) ids.push((await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: `Storing ${i}` })).id);
    const db = new SQLite(path.join(product.dataDir, 'app.db'));
    const set = db.prepare('update alarm set receivedAt = ?, acknowledgedAt = ?, resolvedAt = ? where id = ?');
    const start = lastMonthStart() + 6 * 3600;
    ids.forEach((id, i) => {
      const at = start + (i % 28) * 86_400 + (i % 5) * 3600;
      set.run(at, i % 8 === 7 ? null : at + 120 + (i % 6) * 240, i % 4 === 3 ? null : at + 1800 + (i % 7) * 2700, id);
    });
    db.close();
    browser = await launchBrowser();
    installer = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('an installer plans a maintenance window from the settings, ends it early, and removes a planned one', async () => {
    await area(installer, '');
    await installer.getByTestId('sidebar').getByRole('link', { name: 'Onderhoud' }).click();
    await installer.getByRole('heading', { level: 1, name: 'Onderhoud' }).waitFor();
    await installer.getByLabel('Patroon').fill('omvormer|^site-7');
    await installer.getByLabel('Notitie').fill('Firmware-update omvormers');
    await installer.getByRole('button', { name: 'Onderhoudsvenster plannen' }).click();
    const list = installer.getByRole('list', { name: 'Onderhoudsvensters' });
    const item = list.getByRole('listitem').filter({ hasText: 'Firmware-update omvormers' });
    await item.getByText('Actief').waitFor();
    await expect(item.getByText('Patroon: omvormer|^site-7')).toBeTruthy();

    // a window in the future, then a pattern RE2 refuses: the field says so in Dutch
    const tomorrow = new Date(Date.now() + 86_400_000 + 3_600_000).toISOString().slice(0, 10);
    await installer.getByLabel(/^Begin/).fill(`${tomorrow}T08:00`);
    await installer.getByLabel(/^Einde/).fill(`${tomorrow}T12:00`);
    await installer.getByLabel('Patroon').fill('(?=pomp)');
    await installer.getByRole('button', { name: 'Onderhoudsvenster plannen' }).click();
    await installer.getByText('Dit is geen geldig patroon (RE2, zonder look-arounds).').waitFor();
    await installer.getByLabel('Patroon').fill('');
    await installer.getByLabel('Notitie').fill('Onderhoud ketel');
    await installer.getByRole('button', { name: 'Onderhoudsvenster plannen' }).click();
    await list.getByRole('listitem').filter({ hasText: 'Onderhoud ketel' }).getByText('Gepland').waitFor();
    expect(await seriousA11yViolations(installer)).toEqual([]);
    await shot(installer, 'maintenance-1440');

    await item.getByRole('button', { name: 'Nu beëindigen' }).click();
    await installer.getByRole('alertdialog').getByRole('button', { name: 'Beëindigen' }).click();
    await item.getByText('Voorbij').waitFor();
    expect(await item.getByRole('button', { name: 'Nu beëindigen' }).count()).toBe(0);

    const planned = list.getByRole('listitem').filter({ hasText: 'Onderhoud ketel' });
    await planned.getByRole('button', { name: 'Verwijderen' }).click();
    await installer.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await planned.waitFor({ state: 'detached' });
    await item.getByText('Voorbij').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
  });

  test('the report opens on this month; a month per day, per week and as one row each print as one A4 page without the navigation, with round ticks', async () => {
    await area(installer, '');
    await installer.getByTestId('sidebar').getByRole('link', { name: 'Reactietijden' }).click();
    await installer.getByRole('heading', { level: 1, name: 'Reactietijden' }).waitFor();
    const thisMonth = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date());
    await installer.getByRole('heading', { level: 2, name: thisMonth }).waitFor();
    const last = new Date(lastMonthStart() * 1000 + 7 * 86_400_000).toISOString().slice(0, 7);
    await installer.getByLabel('Maand').fill(last);
    const binnen = installer.locator('dt', { hasText: 'Binnengekomen' }).locator('xpath=..');
    await binnen.getByText('40').waitFor();
    await installer.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await seriousA11yViolations(installer)).toEqual([]);
    await shot(installer, 'report-1440');
    // The times axis reads in round steps (1, 2 or 5 times a power of ten).
    const times = installer.locator('figure', { hasText: 'Reactietijden in' });
    await times.locator('.recharts-line').first().waitFor();
    const ticks = await times.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
    const values = ticks.map((t) => Number(t.replace(/\./g, '').replace(',', '.')));
    expect(values[0]).toBe(0);
    const step = values[1]! - values[0]!;
    expect(String(Number((step / 10 ** Math.floor(Math.log10(step))).toPrecision(6)))).toMatch(/^[125]$/);
    values.forEach((v, i) => expect(v).toBeCloseTo(i * step, 6));

    const dir = process.env.E2E_SHOTS_DIR;
    const rowOf = { day: /^\d+ \S+$/, week: /^week \d+$/, month: /^[a-z]+ \d{4}$/ };
    for (const granularity of ['day', 'week', 'month'] as const) {
      await installer.emulateMedia({ media: 'screen' });
      await installer.getByLabel('Indeling').selectOption(granularity);
      await installer.getByRole('rowheader', { name: rowOf[granularity] }).first().waitFor();
      // The whole month is one row, named after the month.
      if (granularity === 'month') expect(await installer.getByRole('rowheader', { name: rowOf.month }).count()).toBe(1);
      await installer.emulateMedia({ media: 'print' });
      expect(await installer.getByTestId('sidebar').isVisible()).toBe(false);
      expect(await installer.getByLabel('Maand').isVisible()).toBe(false);
      await installer.getByRole('heading', { level: 1, name: 'Reactietijden Storingen Warmtewerk' }).waitFor();
      // page.pdf prints with the emulated media: print, as the browser's print dialog would
      const pdf = await installer.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      // one page: the PDF's page tree counts one page
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `report-${granularity}.pdf`), pdf);
        // The printed page as a person sees it: A4 at 96 dpi.
        await installer.setViewportSize({ width: 794, height: 1123 });
        await shot(installer, `report-print-${granularity}`);
        await installer.setViewportSize({ width: 1440, height: 900 });
      }
    }
    await installer.emulateMedia({ media: 'screen' });
  });

  test('both pages fit a phone', async () => {
    const phone = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await area(phone, '/settings/maintenance');
    await phone.getByRole('list', { name: 'Onderhoudsvensters' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'maintenance-390');
    await area(phone, `/report?month=${new Date(lastMonthStart() * 1000 + 7 * 86_400_000).toISOString().slice(0, 7)}`);
    await phone.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'report-390');
  });
});
