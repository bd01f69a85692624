/**
 * The alarm console for a working day: filters in the URL, acknowledge,
 * resolve and delete by keyboard with announcements, the help dialog, the Dutch history timeline,
 * flapping and resolution marks, and the folder page with its panel on a desktop and a phone.
 * Screenshots go to E2E_SHOTS_DIR when it is set.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fitsWidth, hasChromium, launchBrowser, PHONE, seriousA11yViolations, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'ina@example.nl', password: 'installateur-wachtwoord', fullName: 'Ina Installateur' };

interface Folder {
  id: number;
  name: string;
}
interface Alarm {
  id: number;
  line: string;
  folderId: number;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  resolution: { by: string } | null;
}

describe.skipIf(!hasChromium)('the alarm console in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let folders: Folder[];
  let page: Page;

  let api: RestApi;
  const base = () => `/api/v1/alarms/dashboards/${dashboardId}`;
  const folderId = (name: string) => folders.find((f) => f.name === name)!.id;
  const raise = (line: string, extra: Record<string, unknown> = {}) => api<Alarm>('POST', `${base()}/alarms`, { line, ...extra });
  const alarm = (id: number) => api<Alarm>('GET', `/api/v1/alarms/alarms/${id}`);
  const inbox = (query = '') => page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox${query}`);
  const rows = () => page.getByTestId('alarm-row');
  const row = (line: string) => rows().filter({ hasText: line });
  // A mobile viewport widens itself to what sticks out, so `innerWidth` alone would pass a page that overflows.
  const fitsPhone = async (p: Page) => (await fitsWidth(p)) && (await p.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.viewport.width;
  const announced = (text: string | RegExp) => expect.poll(() => page.getByTestId('announcer').first().textContent()).toMatch(text);

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    ({ dashboardId } = await installerDashboard(api, { organization: 'Warmte Service', dashboard: 'Storingen Warmte', installer: INSTALLER }));
    folders = await api<Folder[]>('GET', `${base()}/folders`);
    // Oldest first in the list (sort=receivedAt,asc) is the order raised here.
    await raise('Ketel 1: vlam uit', { priority: 'HIGH' });
    await raise('Ketel 2: lage druk', { priority: 'MEDIUM' });
    await raise('Pomp 3: lekkage', { priority: 'LOW' });
    await raise('Ventilator 4: trilling', { priority: 'MEDIUM' });
    await raise('Omvormer 5 offline', { priority: 'HIGH', key: 'omvormer-5' });
    await api('POST', `${base()}/alarms/resolve`, { key: 'omvormer-5' });
    await raise('Omvormer 5 offline', { priority: 'HIGH', key: 'omvormer-5' });
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 1000 } });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('the priority and acknowledged filters live in the URL and survive a reload', async () => {
    await inbox();
    await expect.poll(() => rows().count()).toBe(5);
    await page.getByRole('button', { name: 'Hoog', exact: true }).click();
    await page.waitForURL(/priority=HIGH/);
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByRole('button', { name: 'Laag', exact: true }).click();
    await page.waitForURL(/priority=(LOW%2CHIGH|LOW,HIGH)/);
    await expect.poll(() => rows().count()).toBe(3);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Laag', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const acknowledged = await raise('Pomp 6: droogloop', { priority: 'LOW' });
    await api('POST', `/api/v1/alarms/alarms/${acknowledged.id}/acknowledge`);
    await page.getByRole('combobox', { name: 'Bevestigd' }).selectOption('true');
    await page.waitForURL(/acknowledged=true/);
    await expect.poll(() => rows().count()).toBe(1);
    await row('Pomp 6').locator('[data-mark="acknowledged"]').waitFor();
    await page.getByRole('combobox', { name: 'Bevestigd' }).selectOption('false');
    await expect.poll(() => rows().count()).toBe(3);
    await shot(page, 'console-list-1440');
    await api('DELETE', `/api/v1/alarms/folders/${folderId('inbox')}/alarms/${acknowledged.id}`);
  });

  test('j, a, e, x and # work the list by keyboard, each announced; ? lists the shortcuts', async () => {
    await inbox('?sort=receivedAt,asc');
    await expect.poll(() => rows().count()).toBe(5);
    await page.keyboard.press('j');
    await expect.poll(() => row('Ketel 1').getAttribute('data-cursor')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-alarm-open'))).not.toBeNull();
    await page.keyboard.press('a');
    await announced(/^Alarm bevestigd/);
    await row('Ketel 1').locator('[data-mark="acknowledged"]').waitFor();
    await page.keyboard.press('j');
    await expect.poll(() => row('Ketel 2').getAttribute('data-cursor')).toBe('true');
    await page.keyboard.press('e');
    await announced(/^Alarm opgelost/);
    await expect.poll(() => row('Ketel 2').count()).toBe(0);
    await expect.poll(() => row('Pomp 3').getAttribute('data-cursor')).toBe('true');
    const { alarms } = await api<{ alarms: Alarm[] }>('GET', `/api/v1/alarms/folders/${folderId('done')}/alarms`);
    const resolved = await alarm(alarms.find((a) => a.line.startsWith('Ketel 2'))!.id);
    expect(resolved).toMatchObject({ resolution: { by: 'USER' } });
    expect(resolved.resolvedAt).not.toBeNull();

    await page.keyboard.press('x');
    expect(await row('Pomp 3').getByRole('checkbox').isChecked()).toBe(true);
    await page.getByText('1 alarm geselecteerd').waitFor();
    await page.keyboard.press('x');
    expect(await row('Pomp 3').getByRole('checkbox').isChecked()).toBe(false);

    await page.keyboard.press('#');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await announced(/^Alarm naar de Prullenbak verplaatst/);
    await expect.poll(() => row('Pomp 3').count()).toBe(0);

    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await page.waitForURL(/alarm=\d+/);
    await page.getByRole('dialog').getByRole('heading', { name: 'Geschiedenis' }).waitFor();
    await page.keyboard.press('Escape');

    // Typing in the search box is text, not shortcuts.
    await page.getByRole('searchbox').fill('ja');
    expect(await page.getByRole('dialog', { name: 'Sneltoetsen' }).count()).toBe(0);
    await page.getByRole('searchbox').fill('');
    await page.getByRole('searchbox').blur();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Sneltoetsen' });
    await help.getByText('Oplossen (naar de map voor opgeloste alarmen)').waitFor();
    await help.getByText('Selecteren of deselecteren').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });

  test('the panel acknowledges, resolves and reopens, says how it was resolved, and tells its history in Dutch, newest first', async () => {
    const { id } = await raise('Boiler 7: legionella', { priority: 'MEDIUM' });
    await inbox(`?alarm=${id}`);
    const panel = page.getByRole('dialog');
    await panel.getByRole('heading', { name: 'Geschiedenis' }).waitFor();
    await panel.getByLabel('Prioriteit').selectOption('HIGH');
    await panel.getByRole('button', { name: 'Bevestigen' }).click();
    await panel
      .getByTestId('alarm-acknowledged')
      .getByText(/^Bevestigd door Ina Installateur om \d\d-\d\d \d\d:\d\d$/)
      .waitFor();
    expect(await panel.getByRole('button', { name: 'Bevestigd' }).isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Oplossen' }).click();
    await panel
      .getByTestId('alarm-resolution')
      .getByText(/^Opgelost door Ina Installateur \d\d-\d\d \d\d:\d\d$/)
      .waitFor();
    await announced(/^Alarm opgelost/);
    await panel.getByRole('button', { name: 'Heropenen' }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Oplossen' }).count()).toBe(1);
    const timeline = panel.getByTestId('alarm-timeline').locator('li');
    await expect
      .poll(() => timeline.allTextContents())
      .toEqual([
        expect.stringMatching(/^Heropend door Ina Installateur, \d\d-\d\d \d\d:\d\d$/),
        expect.stringMatching(/^Verplaatst van Afgehandeld naar Inbox door Ina Installateur, /),
        expect.stringMatching(/^Opgelost door Ina Installateur, /),
        expect.stringMatching(/^Verplaatst van Inbox naar Afgehandeld door Ina Installateur, /),
        expect.stringMatching(/^Toegewezen aan Ina Installateur, /),
        expect.stringMatching(/^Bevestigd door Ina Installateur, /),
        expect.stringMatching(/^Prioriteit gewijzigd van Normaal naar Hoog door Ina Installateur, /),
        expect.stringMatching(/^Gelezen door Ina Installateur, /),
        expect.stringMatching(/^Aangemaakt via de API \(/),
      ]);
    expect((await alarm(id)).resolvedAt).toBeNull();
    await panel.getByTestId('alarm-timeline').evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await shot(page, 'console-panel-1440');
  });

  test('an alarm that repeats within a day of its resolve is marked as recurring and links to the one before', async () => {
    await inbox();
    const flapping = row('Omvormer 5').locator('[data-mark="flapping"]');
    await flapping.waitFor();
    await flapping.hover();
    await page
      .getByRole('tooltip')
      .getByText(/minder dan 24 uur eerder opgelost/)
      .waitFor();
    await row('Omvormer 5').getByRole('button').first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('link', { name: 'het vorige alarm' }).click();
    await panel
      .getByTestId('alarm-resolution')
      .getByText(/^Opgelost via de API/)
      .waitFor();
    await panel.getByRole('button', { name: 'Heropenen' }).waitFor();
  });

  test('the settings choose the folder for resolved alarms among the folders that do not count', async () => {
    await api('POST', `${base()}/folders`, { name: 'archief', label: 'Archief', icon: 'archive', countMode: 'NONE', relevant: false });
    await page.goto(`${product.url}/app/alarms/${dashboardId}/settings/alarms`);
    const select = page.getByRole('combobox', { name: 'Map voor opgeloste alarmen' });
    await expect.poll(() => select.locator('option').allTextContents()).toEqual(['Afgehandeld', 'Archief']);
    await select.selectOption({ label: 'Archief' });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Opgeslagen.').waitFor();
    const dashboard = await api<{ settings: { resolvedFolderId: number } }>('GET', base());
    expect(dashboard.settings.resolvedFolderId).toBe((await api<Folder[]>('GET', `${base()}/folders`)).find((f) => f.name === 'archief')!.id);
  });

  test('the folder page with an open panel has no serious accessibility violations, and fits a 390 px phone', async () => {
    const { alarms } = await api<{ alarms: Alarm[] }>('GET', `/api/v1/alarms/folders/${folderId('inbox')}/alarms?query=Boiler`);
    await inbox(`?alarm=${alarms[0]!.id}`);
    await page.getByRole('dialog').getByTestId('alarm-timeline').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const phone = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?priority=HIGH,MEDIUM`);
    await phone.getByTestId('alarm-row').first().waitFor();
    expect(await fitsPhone(phone)).toBe(true);
    await shot(phone, 'console-list-390');
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${alarms[0]!.id}`);
    await phone.getByRole('dialog').getByTestId('alarm-timeline').waitFor();
    expect(await fitsPhone(phone)).toBe(true);
    await phone.getByTestId('alarm-timeline').evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await shot(phone, 'console-panel-390');
    await phone.context().close();
  });
});
