import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INSTALLER } from '../scripts/demo-world';
import { addDays, todayLocal } from '../src/lib/amsterdam';
import { currentIsoWeek } from '../src/lib/iso-week';
import { PHONE, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { type DemoWorld, startDemoWorld } from './support/demo-world';
import { shot } from './support/mail';
import type { Product } from './support/product';

describe.skipIf(!hasChromium)('from an alarm to its location: the dashboard at that day and the month report', () => {
  let world: DemoWorld;
  let product: Product;
  let browser: Browser;
  let dashboardId = 0;
  let locationId = 0;
  let alarmId = 0;
  const day = addDays(todayLocal(), -3);
  const month = todayLocal().slice(0, 7);

  beforeAll(async () => {
    world = await startDemoWorld();
    ({ product, dashboardId, locationId } = world);
    const { api } = world;
    alarmId = (
      await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, {
        line: 'Vermogen boven de grens',
        locationId,
        data: { at: `${day}T14:15:00+01:00` },
      })
    ).id;
    // another location's alarm stays out of the report
    await api('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Alarm zonder locatie' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  test('the alarm panel links to the location dashboard in the week of the alarm day and to the month report, which prints on A4', async () => {
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${alarmId}`);
    const links = page.getByTestId('alarm-location-links');
    await links.waitFor();
    // the row shows its source: created by a REST call, so a hook/API
    expect(await page.locator(`[data-alarm-open="${alarmId}"]`).getByTestId('alarm-source').getAttribute('title')).toBe('Via een koppeling (API)');
    await shot(page, 'alarm-panel-location-1440');
    const { year, week } = currentIsoWeek(new Date(`${day}T12:00:00`));
    const dashboardLink = links.getByRole('link', { name: /^Elektriciteitsverbruik op / });
    const href = await dashboardLink.getAttribute('href');
    expect(href).toContain(`/app/dashboard/${locationId}-`);
    expect(href).toContain(`year=${year}`);
    expect(href).toContain(`week=${week}`);
    expect(href).toContain('granularity=hour');
    await dashboardLink.click();
    await page.getByRole('heading', { name: 'Elektriciteitsverbruik' }).first().waitFor();
    expect(page.url()).toContain(`week=${week}`);

    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${alarmId}`);
    await page
      .getByTestId('alarm-location-links')
      .getByRole('link', { name: /^Maandrapport / })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Maandrapport Hoofdkantoor/ }).waitFor();
    expect(page.url()).toContain(`month=${month}`);
    await page.getByTestId('report-energy').first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="report-energy"] dd')].every((d) => d.textContent !== '…'));
    // the month's electricity is a figure in kWh, not empty
    expect(await page.getByTestId('report-energy').first().locator('dd').textContent()).toMatch(/^[\d.]+(,\d)? kWh$/);
    const rows = page.getByTestId('report-alarm');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Vermogen boven de grens');
    expect(await page.getByTestId('report-alarm-counts').textContent()).toBe('1 alarm, 0 bevestigd, 0 opgelost.');
    // how fast, over the location's alarms of the month: none acknowledged or resolved yet
    await page.getByTestId('report-summary').waitFor();
    expect(await page.getByTestId('report-summary').textContent()).toBe('Bevestigd binnen (mediaan / p90)– / –Opgelost binnen (mediaan / p90)– / –');
    await shot(page, 'location-report-1440');

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.getByLabel('Maand').isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.setViewportSize({ width: 794, height: 1123 });
    await shot(page, 'location-report-print');
    const dir = process.env.E2E_SHOTS_DIR;
    if (dir) writeFileSync(path.join(dir, 'location-report.pdf'), pdf);
  });

  test('the panel and the report fit a phone', async () => {
    const phone = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${alarmId}`);
    await phone.getByTestId('alarm-location-links').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'alarm-panel-location-390');
    // the location page links to the report of each of its organization's dashboards
    await phone.goto(`${product.url}/app/admin/location/${locationId}`);
    await phone.getByTestId('location-reports').getByRole('link', { name: 'Maandrapport met de alarmen van Storingen Zonnedak' }).click();
    await phone.getByRole('heading', { level: 1, name: /^Maandrapport Hoofdkantoor/ }).waitFor();
    expect(phone.url()).toContain(`/app/alarms/${dashboardId}/location-report/${locationId}`);
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/location-report/${locationId}?month=${month}`);
    await phone.getByTestId('report-alarm').first().waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'location-report-390');
  });
});
