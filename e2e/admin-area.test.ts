import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, launchBrowser, signedInPage } from './support/browser';
import { ADMIN, type Product, startProduct } from './support/product';

describe.skipIf(!hasChromium)('the admin area in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const installer = { email: 'installateur@example.nl', password: 'installateur-wachtwoord' };

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const nav = (name: string) => page.getByTestId('sidebar').getByRole('link', { name }).click();

  test('an admin creates an organization; markup in its name stays text', async () => {
    await page.goto(`${product.url}/app/admin`);
    await nav('Organisaties');
    await page.getByRole('button', { name: 'Organisatie toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Organisatie toevoegen' });
    await dialog.getByRole('button', { name: 'Toevoegen' }).click();
    await dialog.getByText('De naam van de organisatie moet worden opgegeven.').waitFor();
    await dialog.getByLabel('Naam').fill('Zonnedak <b>BV</b>');
    await dialog.getByRole('button', { name: 'Toevoegen' }).click();
    await page.waitForURL(/\/app\/admin\/organization\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Zonnedak <b>BV</b>' }).waitFor();
    expect(await page.locator('b', { hasText: 'BV' }).count()).toBe(0);
  });

  test('a location form shows Dutch messages, then creates the location', async () => {
    await nav('Locaties');
    await page.getByRole('link', { name: 'Locatie toevoegen' }).click();
    // The only organization is chosen already.
    await expect.poll(() => page.getByLabel('Organisatie').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Locatie toevoegen' }).click();
    await page.getByText('De naam van de locatie moet worden opgegeven.').waitFor();
    await page.getByText('Het adres moet worden opgegeven.').waitFor();
    await page.getByLabel('Organisatie').selectOption({ label: 'Zonnedak <b>BV</b>' });
    await page.getByLabel('Naam').fill('Hoofdkantoor');
    await page.getByLabel('Adres').fill('Stationsstraat 10');
    await page.getByLabel('Postcode').fill('3511 AB');
    await page.getByLabel('Plaats').fill('Utrecht');
    await page.getByLabel('Provincie').fill('Utrecht');
    await page.getByRole('button', { name: 'Locatie toevoegen' }).click();
    await page.waitForURL(/\/app\/admin\/location\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Hoofdkantoor' }).waitFor();
    await page.getByText('Deze locatie heeft nog geen meters.').waitFor();
  });

  test('an installer and a customer are created for the organization', async () => {
    await nav('Gebruikers');
    await page.getByRole('link', { name: 'Installateur toevoegen' }).click();
    await page.getByLabel('E-mailadres').fill('geen e-mail');
    await page.getByLabel('Wachtwoord').fill('kort');
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await page.getByText('Dit is geen geldig e-mailadres.').waitFor();
    await page.getByText('Het wachtwoord moet minstens 12 tekens lang zijn.').waitFor();
    await page.getByLabel('E-mailadres').fill(installer.email);
    await page.getByLabel('Naam').fill('Ingrid Installateur');
    await page.getByLabel('Wachtwoord').fill(installer.password);
    await page.getByLabel('Organisatie').selectOption({ label: 'Zonnedak <b>BV</b>' });
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await page.waitForURL(/\/app\/admin\/user\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Ingrid Installateur' }).waitFor();

    await nav('Gebruikers');
    await page.getByRole('link', { name: 'Klant toevoegen' }).click();
    await page.getByLabel('E-mailadres').fill(installer.email);
    await page.getByLabel('Wachtwoord').fill('klant-wachtwoord-1');
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await page.getByText('Kies minstens één locatie.').waitFor();
    await page.getByRole('checkbox', { name: /Hoofdkantoor/ }).check();
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await page.getByText('Dit e-mailadres is al in gebruik.').first().waitFor();
    await page.getByLabel('E-mailadres').fill('klant@example.nl');
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await page.waitForURL(/\/app\/admin\/user\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'klant@example.nl' }).waitFor();
  });

  test('a location in use cannot be deleted; the dialog says why', async () => {
    await nav('Locaties');
    await page.getByRole('link', { name: 'Hoofdkantoor' }).click();
    await page.getByLabel('Naam').fill('Hoofdkantoor Utrecht');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Hoofdkantoor Utrecht' }).waitFor();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await dialog.getByText('De locatie kan niet worden verwijderd: er is nog 1 klant aan gekoppeld.').waitFor();
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
  });

  test('the lists search as you type and keep the search in the URL', async () => {
    await nav('Gebruikers');
    await page.getByRole('searchbox', { name: 'Zoek op naam of e-mailadres' }).fill('INGRID');
    await page.waitForURL(/q=INGRID/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('cell', { name: installer.email }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: installer.email }).waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('INGRID');
  });

  test('an installer sees only its own organization, and a foreign id is not found', async () => {
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('authentication')))!).accessToken;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const other = await (await fetch(`${product.url}/api/organizations`, { method: 'PUT', headers, body: JSON.stringify({ name: 'Concurrent BV' }) })).json();
    const foreign = await (
      await fetch(`${product.url}/api/locations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          organizationId: other.id,
          name: 'Geheime Hal',
          country: 'Nederland',
          state: 'Zeeland',
          city: 'Goes',
          streetAddress: 'Weg 1',
          zipcode: '4461 AA',
        }),
      })
    ).json();

    const installerPage = await signedInPage(browser, product.url, installer.email, installer.password);
    await installerPage.getByRole('link', { name: /Beheer/ }).click();
    const sidebar = installerPage.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Locaties' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Organisaties' }).count()).toBe(0);

    await sidebar.getByRole('link', { name: 'Locaties' }).click();
    await installerPage.getByRole('link', { name: 'Hoofdkantoor Utrecht' }).waitFor();
    expect(await installerPage.getByText('Geheime Hal').count()).toBe(0);

    await sidebar.getByRole('link', { name: 'Gebruikers' }).click();
    await installerPage.getByRole('cell', { name: 'klant@example.nl' }).waitFor();
    expect(await installerPage.getByRole('link', { name: 'Installateur toevoegen' }).count()).toBe(0);
    expect(await installerPage.getByRole('cell', { name: ADMIN.email }).count()).toBe(0);

    await installerPage.goto(`${product.url}/app/admin/location/${foreign.id}`);
    await installerPage.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
  });

  test('deleting the customer, then the location, works from the pages', async () => {
    await nav('Gebruikers');
    await page.goto(`${product.url}/app/admin/users`);
    await page.getByRole('link', { name: 'klant@example.nl' }).click();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL(`${product.url}/app/admin/users`);
    await page.getByRole('cell', { name: installer.email }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'klant@example.nl' }).count()).toBe(0);

    await nav('Locaties');
    await page.getByRole('link', { name: 'Hoofdkantoor Utrecht' }).click();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL(`${product.url}/app/admin/locations`);
    await page.getByRole('cell', { name: 'Geheime Hal' }).waitFor();
  });
});
