import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoLogoPng } from '../scripts/demo-alarms';
import { hasChromium, launchBrowser, PHONE, seriousA11yViolations, signedInPage, signIn } from './support/browser';
import { ADMIN, adminApi, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'ingrid@example.nl', password: 'installateur-wachtwoord', fullName: 'Ingrid Installateur' };
const CUSTOMER = { email: 'karin@example.nl', password: 'klant-wachtwoord-123' };

interface Folder {
  id: number;
  name: string;
  label: string;
}

describe.skipIf(!hasChromium)('the alarm area in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let installerId: number;
  let folders: Folder[];
  let installer: Page;
  let admin: Page;

  let api: RestApi;
  const base = () => `/api/v1/alarms/dashboards/${dashboardId}`;
  const folder = (name: string) => folders.find((f) => f.name === name)!;
  const raise = (line: string, extra: Record<string, unknown> = {}) => api<{ id: number }>('POST', `${base()}/alarms`, { line, ...extra });
  const area = (page: Page, path = '') => page.goto(`${product.url}/app/alarms/${dashboardId}${path}`);
  const rows = (page: Page) => page.getByTestId('alarm-row');

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    const org = await api<{ id: number }>('PUT', '/api/organizations', { name: 'Zonnedak Installaties' });
    const location = await api<{ id: number }>('POST', '/api/locations', {
      organizationId: org.id,
      name: 'Kantoor',
      country: 'Nederland',
      state: 'Utrecht',
      city: 'Utrecht',
      streetAddress: 'Stationsstraat 1',
      zipcode: '3511 AB',
    });
    installerId = (await api<{ id: number }>('POST', '/api/users/create', { type: 'installer', organizationId: org.id, ...INSTALLER })).id;
    await api('POST', '/api/users/create', { type: 'customer', locationIds: [location.id], fullName: 'Karin Klant', ...CUSTOMER });
    dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Zonnedak', organizationId: org.id })).id;
    await api('POST', `${base()}/folders`, { name: 'storingen', label: 'Storingen', icon: 'flame', countMode: 'TOTAL', relevant: true });
    folders = await api<Folder[]>('GET', `${base()}/folders`);
    for (const n of [1, 2, 3, 4])
      await raise(`Warmtepomp ${n}: hoge druk storing`, { priority: n === 4 ? 'HIGH' : 'MEDIUM', data: { installatie: `WP-${n}` } });
    await raise('Omvormer 7 offline', { priority: 'LOW' });
    await raise('Legionellaprogramma niet uitgevoerd', { deadlineAt: '2020-01-01T08:00:00+01:00' });
    const { alarms } = await api<{ alarms: { id: number; line: string }[] }>('GET', `/api/v1/alarms/folders/${folder('inbox').id}/alarms?query=Warmtepomp%202`);
    await api('POST', `/api/v1/alarms/alarms/${alarms[0]!.id}/assignees`, { userId: installerId });

    browser = await launchBrowser();
    installer = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password);
    admin = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('an installer reaches its dashboard from the start page tile, with the folders and their counts in the sidebar', async () => {
    await installer.getByRole('link', { name: /Alarmen/ }).click();
    // Its only dashboard opens at once.
    await installer.waitForURL(`${product.url}/app/alarms/${dashboardId}`);
    await installer.getByRole('heading', { level: 1, name: 'Overzicht' }).waitFor();
    const sidebar = installer.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: /^Inbox\s?6 ongelezen$/ }).waitFor();
    await sidebar.getByRole('link', { name: /^Storingen\s?0 alarmen$/ }).waitFor();
    // Afgehandeld counts nothing (NONE): no badge at all.
    await sidebar.getByRole('link', { name: 'Afgehandeld', exact: true }).waitFor();
    await installer.getByTestId('periodic-chart').locator('.recharts-bar-rectangle').first().waitFor();
  });

  test('an installer filters, moves three alarms, assigns itself, sets a deadline and writes a note; all of it survives a reload', async () => {
    const page = installer;
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Inbox/ })
      .click();
    await expect.poll(() => rows(page).count()).toBe(6);
    // The overdue deadline is marked.
    await rows(page)
      .filter({ hasText: 'Legionellaprogramma' })
      .locator('[data-overdue]')
      .getByText(/verlopen/)
      .waitFor();

    await page.getByRole('searchbox', { name: 'Zoek in meldingen en gegevens' }).fill('warmtepomp');
    await page.waitForURL(/q=warmtepomp/);
    await expect.poll(() => rows(page).count()).toBe(4);
    const assignee = page.getByRole('combobox', { name: 'Toegewezen aan' });
    await assignee.selectOption('me');
    await page.waitForURL(/assignee=me/);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText('Warmtepomp 2: hoge druk storing').waitFor();
    await assignee.selectOption('none');
    await expect.poll(() => rows(page).count()).toBe(3);
    await assignee.selectOption('');
    await expect.poll(() => rows(page).count()).toBe(4);

    for (const n of [1, 3, 4])
      await rows(page)
        .filter({ hasText: `Warmtepomp ${n}:` })
        .getByRole('checkbox')
        .check();
    await page.getByText('3 alarmen geselecteerd').waitFor();
    await page.getByRole('button', { name: 'Verplaatsen naar…' }).click();
    await page.getByRole('menuitem', { name: 'Storingen' }).click();
    await page.getByText('3 alarmen verplaatst naar Storingen.').waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Storingen\s?3 alarmen$/ })
      .waitFor();

    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Storingen/ })
      .click();
    await expect.poll(() => rows(page).count()).toBe(3);
    await rows(page).filter({ hasText: 'Warmtepomp 4:' }).getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Warmtepomp 4: hoge druk storing' });
    await panel.getByRole('cell', { name: 'WP-4' }).waitFor();
    const alarmId = Number(new URL(page.url()).searchParams.get('alarm'));
    await panel.getByRole('button', { name: 'Aan mij toewijzen' }).click();
    await panel.getByRole('list', { name: 'Toegewezen gebruikers' }).getByText('Ingrid Installateur').waitFor();
    await panel.getByLabel('Deadline').fill('2030-01-15T09:30');
    await panel.getByRole('button', { name: 'Deadline opslaan' }).click();
    await panel.getByText('In Nederlandse tijd.').waitFor();
    await panel.getByLabel('Notities').fill('Klant gebeld; monteur komt morgen.');
    await panel.getByRole('button', { name: 'Notities opslaan' }).click();
    await panel.getByText('Opgeslagen.').waitFor();

    await page.reload();
    const reopened = page.getByRole('dialog', { name: 'Warmtepomp 4: hoge druk storing' });
    await reopened.getByRole('list', { name: 'Toegewezen gebruikers' }).getByText('Ingrid Installateur').waitFor();
    expect(await reopened.getByLabel('Deadline').inputValue()).toBe('2030-01-15T09:30');
    expect(await reopened.getByLabel('Notities').inputValue()).toBe('Klant gebeld; monteur komt morgen.');
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'hidden' });

    const stored = await api<{ deadlineAt: string; notes: string; seen: boolean; assignees: number[] }>('GET', `/api/v1/alarms/alarms/${alarmId}`);
    expect(Date.parse(stored.deadlineAt)).toBe(Date.parse('2030-01-15T09:30:00+01:00'));
    expect(stored).toMatchObject({
      notes: 'Klant gebeld; monteur komt morgen.',
      seen: true,
      assignees: [installerId],
    });
  });

  test('"Nieuw alarm" raises an alarm taken by phone, with its data', async () => {
    const page = installer;
    await page.getByRole('button', { name: 'Nieuw alarm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw alarm' });
    await dialog.getByRole('button', { name: 'Alarm aanmaken' }).click();
    await dialog.getByText('De melding moet worden opgegeven.').waitFor();
    await dialog.getByLabel('Melding').fill('Telefoon: lekkage in technische ruimte');
    await dialog.getByLabel('Prioriteit').selectOption('HIGH');
    await dialog.getByRole('button', { name: 'Gegeven toevoegen' }).click();
    await dialog.getByLabel('Naam van gegeven 1').fill('beller');
    await dialog.getByLabel('Waarde van gegeven 1').fill('Dhr. Jansen');
    await dialog.getByRole('button', { name: 'Alarm aanmaken' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rows(page).filter({ hasText: 'Telefoon: lekkage in technische ruimte' }).getByText('Hoog').waitFor();
  });

  test('a second browser on the same folder sees an alarm raised over REST appear without a reload', async () => {
    await area(installer, '/folders/inbox');
    await area(admin, '/folders/inbox');
    for (const page of [installer, admin]) {
      await page.getByText('Live', { exact: true }).waitFor();
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    }
    await raise('Brandmeldcentrale: storing lus 5', { priority: 'HIGH' });
    for (const page of [installer, admin]) {
      await rows(page).filter({ hasText: 'Brandmeldcentrale: storing lus 5' }).waitFor({ timeout: 5_000 });
      await page
        .getByTestId('sidebar')
        .getByRole('link', { name: /^Inbox\s?4 ongelezen$/ })
        .waitFor({ timeout: 5_000 });
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    }
  });

  test('"Meldingen aanzetten" asks permission once; then a new HIGH alarm shows a browser notification with its line, a LOW one none; it can be turned off and on', async () => {
    // A stand-in for the browser's Notification that records what would be shown.
    await admin.addInitScript(() => {
      const shown: { title: string; body?: string }[] = [];
      class FakeNotification {
        // The browser remembers a permission across reloads; so does this stand-in.
        static permission = (sessionStorage.getItem('fake-notification-permission') ?? 'default') as NotificationPermission;
        static async requestPermission() {
          FakeNotification.permission = 'granted';
          sessionStorage.setItem('fake-notification-permission', 'granted');
          return FakeNotification.permission;
        }
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
        }
      }
      Object.assign(window, { Notification: FakeNotification, shownNotifications: shown });
    });
    await area(admin, '/folders/inbox');
    await admin.getByText('Live', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Meldingen aanzetten' }).click();
    await admin.getByRole('button', { name: 'Meldingen aan', pressed: true }).waitFor();
    await raise('Sprinklerinstallatie: drukval', { priority: 'LOW' });
    await raise('Noodstroom: accu defect', { priority: 'HIGH' });
    const shown = () => admin.evaluate(() => (window as unknown as { shownNotifications: { title: string; body?: string }[] }).shownNotifications);
    await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: 'Alarm hoog: Storingen Zonnedak', body: 'Noodstroom: accu defect' }]);

    // Once on, the same button shows it and turns it off, and on again; it stays off after a reload.
    await admin.getByRole('button', { name: 'Meldingen aan', pressed: true }).click();
    await admin.getByRole('button', { name: 'Meldingen uit', pressed: false }).waitFor();
    await admin.reload();
    await admin.getByRole('button', { name: 'Meldingen uit', pressed: false }).waitFor();
    await raise('Noodstroom: accu weer defect', { priority: 'HIGH' });
    await admin.getByText('Noodstroom: accu weer defect').first().waitFor();
    expect(await shown()).toEqual([]);
    await admin.getByRole('button', { name: 'Meldingen uit' }).click();
    await admin.getByRole('button', { name: 'Meldingen aan', pressed: true }).waitFor();
  });

  test('an admin changes the theme and uploads a logo, and sees both applied', async () => {
    const page = admin;
    await area(page, '/settings/theme');
    const primary = page.getByRole('textbox', { name: 'Primair', exact: true });
    await primary.fill('#12');
    await page.getByRole('button', { name: 'Thema opslaan' }).click();
    await page.getByText('Een kleur is precies 7 tekens lang: #rrggbb, zoals #1a2b3c.').waitFor();
    await primary.fill('#7C3AED');
    await expect
      .poll(() => page.getByTestId('theme-preview').evaluate((el) => getComputedStyle(el).getPropertyValue('--alarm-primary').trim()))
      .toBe('#7C3AED'.toLowerCase());
    await page.getByRole('button', { name: 'Thema opslaan' }).click();
    await page.getByText('Het thema is opgeslagen.').waitFor();
    const themed = () => page.getByTestId('alarm-area').evaluate((el) => getComputedStyle(el).getPropertyValue('--alarm-primary').trim());
    await expect.poll(themed).toBe('#7c3aed');

    await area(page, '/settings/alarms');
    const file = page.locator('#branding-file');
    await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await page.getByText('Kies een PNG-, JPEG- of WebP-afbeelding (geen SVG).').waitFor();
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('dit is geen afbeelding') });
    await page.getByRole('button', { name: 'Logo uploaden' }).click();
    await page.getByText('Dit is geen PNG-, JPEG- of WebP-afbeelding.').waitFor();
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: demoLogoPng() });
    await page.getByRole('button', { name: 'Logo uploaden' }).click();
    await page.getByText('Het logo is opgeslagen.').waitFor();
    const logo = page.getByTestId('branding');
    await expect.poll(() => logo.getAttribute('src')).toMatch(/^\/files\/branding\/[0-9a-f]{64}$/);
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(64);

    await page.reload();
    await expect.poll(themed).toBe('#7c3aed');
    await expect.poll(() => page.getByTestId('branding').getAttribute('src')).toMatch(/^\/files\/branding\//);
  });

  test('folders are added, reordered by keyboard and by drag, and deleted with their alarms going to the trash', async () => {
    const page = admin;
    await area(page, '/settings/folders');
    await page.getByRole('button', { name: 'Map toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Map toevoegen' });
    await dialog.getByLabel('Label').fill('Onderhoud');
    await dialog.getByLabel('Naam in de URL').fill('Onder houd');
    await dialog.getByTitle('Moersleutel').click();
    expect(await dialog.getByRole('radio', { name: 'Moersleutel' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Map toevoegen' }).click();
    await dialog.getByText('De naam mag alleen kleine letters, cijfers en streepjes bevatten (1 tot 32 tekens).').waitFor();
    await dialog.getByLabel('Naam in de URL').fill('onderhoud');
    await dialog.getByRole('button', { name: 'Map toevoegen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const order = () => page.getByTestId('folder-label').allTextContents();
    await expect.poll(order).toEqual(['Inbox', 'Afgehandeld', 'Prullenbak', 'Storingen', 'Onderhoud']);

    await page.getByRole('button', { name: 'Storingen omhoog' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Inbox', 'Afgehandeld', 'Storingen', 'Prullenbak', 'Onderhoud']);
    // The focus stays on the moved folder, so it can go up again.
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Inbox', 'Storingen', 'Afgehandeld', 'Prullenbak', 'Onderhoud']);

    await page.getByTestId('folder-row').filter({ hasText: 'Onderhoud' }).dragTo(page.getByTestId('folder-row').first());
    await expect.poll(order).toEqual(['Onderhoud', 'Inbox', 'Storingen', 'Afgehandeld', 'Prullenbak']);
    await expect
      .poll(async () => (await api<Folder[]>('GET', `${base()}/folders`)).map((f) => f.name))
      .toEqual(['onderhoud', 'inbox', 'storingen', 'done', 'trash']);
    await expect
      .poll(() =>
        page
          .getByTestId('sidebar')
          .getByRole('link')
          .filter({ hasText: /^(Onderhoud|Inbox)/ })
          .first()
          .textContent(),
      )
      .toMatch(/^Onderhoud/);

    const onderhoud = (await api<Folder[]>('GET', `${base()}/folders`)).find((f) => f.name === 'onderhoud')!;
    await raise('Jaarlijks onderhoud ketel', { folderId: onderhoud.id });
    expect(await page.getByRole('button', { name: 'Inbox verwijderen' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Onderhoud verwijderen' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/gaan naar de Prullenbak/).waitFor();
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect.poll(order).toEqual(['Inbox', 'Storingen', 'Afgehandeld', 'Prullenbak']);
    const { alarms } = await api<{ alarms: { line: string }[] }>('GET', `/api/v1/alarms/folders/${folder('trash').id}/alarms`);
    expect(alarms.map((a) => a.line)).toContain('Jaarlijks onderhoud ketel');
  });

  test('the overview, a folder, the alarm panel and the settings pages have no serious accessibility violations', async () => {
    const page = installer;
    const check = async (path: string, ready: () => Promise<unknown>) => {
      await area(page, path);
      await ready();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    };
    await check('', () => page.getByTestId('periodic-chart').locator('.recharts-bar-rectangle').first().waitFor());
    await check('/folders/inbox', () => rows(page).first().waitFor());
    await check('/folders/storingen?alarm=4', () => page.getByRole('dialog').getByLabel('Notities').waitFor());
    await check('/settings/folders', () => page.getByTestId('folder-row').first().waitFor());
    await check('/settings/theme', () => page.getByTestId('theme-preview').waitFor());
    await check('/settings/alarms', () => page.getByRole('heading', { name: 'Logo' }).waitFor());
    await page.goto(`${product.url}/app/alarms`);
    await page
      .getByText(/ongelezen/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("an unknown path inside a dashboard says 'Pagina bestaat niet' in the layout; an unknown dashboard is not found", async () => {
    const page = installer;
    await area(page, '/bestaat/niet');
    await page.getByRole('heading', { name: 'Pagina bestaat niet', exact: true }).waitFor();
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Inbox/ })
      .waitFor();
    await area(page, '/folders/geen-map');
    await page.getByRole('heading', { name: 'Pagina bestaat niet', exact: true }).waitFor();
    await page.goto(`${product.url}/app/alarms/99999`);
    await page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
  });

  test('a customer sees no alarm tile and gets a clear "geen toegang" in the alarm area', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page, product.url, CUSTOMER.email, CUSTOMER.password);
    await page.waitForURL(`${product.url}/app/dashboard`);
    expect(await page.getByRole('link', { name: /Alarmen/ }).count()).toBe(0);
    await page.goto(`${product.url}/app/alarms/${dashboardId}`);
    await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
    await page.getByText('Je hebt geen toegang tot de alarmen.', { exact: false }).waitFor();
    await page.context().close();
  });

  test('while a dashboard is not customizable, an installer sees no settings links and the settings pages say why', async () => {
    await api('PATCH', `${base()}/settings/customizable`, { customizable: false });
    await area(installer, '/settings/theme');
    await installer.getByText('Dit dashboard is niet aanpasbaar: alleen een beheerder kan de instellingen wijzigen.').waitFor();
    const sidebar = installer.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Overzicht' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Thema' }).count()).toBe(0);
    expect(await installer.getByRole('button', { name: 'Thema opslaan' }).count()).toBe(0);
    await api('PATCH', `${base()}/settings/customizable`, { customizable: true });
  });

  test('on a 390 px wide phone the folder page and the alarm panel scroll only vertically', async () => {
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await area(page, '/folders/storingen');
    await rows(page).first().waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await rows(page).first().getByRole('checkbox').check();
    expect(await fits()).toBe(true);
    await rows(page).first().getByRole('button').click();
    await page.getByRole('dialog').getByLabel('Notities').waitFor();
    expect(await fits()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Navigatiebalk in-/uitklappen' }).click();
    await page
      .getByRole('dialog', { name: 'Navigatie' })
      .getByRole('link', { name: /^Inbox/ })
      .click();
    await page.waitForURL(/folders\/inbox/);
    expect(await fits()).toBe(true);
    await page.context().close();
  });
});
