import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type HubSimulator, startHubSimulator } from '../src-server/modules/meterbeheer/hub-simulator/hub-simulator';
import { fieldLabel, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { ADMIN, type Product, startProduct } from './support/product';

const ean = '871234567890123456';
const providers: { provider: string; title: string; fill: Record<string, string>; messages: string[] }[] = [
  {
    provider: 'fudura',
    title: 'Fudura feed aanmaken',
    fill: { EAN: ean, 'Klantnummer bij Fudura': 'K-1', Naam: 'Fudura kantoor', Huisnummer: '1' },
    messages: [
      'Ongeldige EAN-Code.',
      'Het klantnummer moet worden opgegeven.',
      'De naam van de feed moet worden opgegeven.',
      'Het huisnummer moet worden opgegeven.',
    ],
  },
  {
    provider: 'anexo',
    title: 'Anexo feed aanmaken',
    fill: { Naam: 'Anexo hal', Postcode: '1234 AB', Huisnummer: '2', EAN: ean, 'Id van de meter': 'M-1', 'Id van de client': 'C-1' },
    messages: ['De postcode moet worden opgegeven.', 'De id van de meter moet worden opgegeven.', 'De id van de client moet worden opgegeven.'],
  },
  {
    provider: 'solaredge',
    title: 'SolarEdge feed aanmaken',
    fill: { Naam: 'Zonnepanelen', Postcode: '1234 AB', Huisnummer: '3', 'API sleutel': 'sleutel', 'Id van de meter': 'S-1' },
    messages: ['De API sleutel moet worden opgegeven.', 'Het id van de meter moet worden opgegeven.'],
  },
  {
    provider: 'joulz',
    title: 'Joulz feed aanmaken',
    fill: { Naam: 'Joulz aansluiting', Postcode: '1234 AB', Huisnummer: '4', EAN: ean, 'API sleutel': 'sleutel', Subcode: 'SC' },
    messages: ['De subcode moet worden opgegeven.'],
  },
  {
    provider: 'kenter',
    title: 'Kenter feed aanmaken',
    fill: { Naam: 'Kenter stroom', Postcode: '1234 AB', Huisnummer: '5', EAN: ean, Gebruikersnaam: 'gebruiker', Wachtwoord: 'geheim' },
    messages: ['De gebruikersnaam moet worden opgegeven.', 'Het wachtwoord moet worden opgegeven.'],
  },
  {
    provider: 'meetbedrijf',
    title: 'Het Meetbedrijf feed aanmaken',
    fill: { Naam: 'Meetbedrijf gas', Postcode: '1234 AB', Huisnummer: '6', EAN: ean, 'API sleutel': 'sleutel' },
    messages: ['De naam van de feed moet worden opgegeven.', 'Ongeldige EAN-Code.'],
  },
];

describe.skipIf(!hasChromium)('Meterbeheer feeds and meters in Chromium', () => {
  let sim: HubSimulator;
  let product: Product;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sim = await startHubSimulator();
    product = await startProduct({ METERBEHEER_API_URL: sim.baseUrl, METERBEHEER_API_KEY: sim.apiKey, METERBEHEER_HISTORY_DAYS: '3' });
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await sim?.close();
  });

  test.each(providers)('a $provider feed is created through its page, after its validation messages', async ({ provider, title, fill, messages }) => {
    await page.goto(`${product.url}/app/admin/integrations/meterbeheer/feeds/create/${provider}`);
    await page.getByRole('heading', { name: title }).waitFor();
    if (provider !== 'solaredge') expect(await page.getByLabel('Metertype').inputValue()).toBe('gas');
    await page.getByRole('button', { name: 'Afronden' }).click();
    for (const message of messages) await page.getByText(message, { exact: true }).first().waitFor();
    expect(sim.feeds().filter((f) => f.provider === provider)).toHaveLength(0);
    for (const [label, value] of Object.entries(fill)) await page.getByLabel(fieldLabel(label)).fill(value);
    if (provider === 'kenter') {
      expect(await page.getByLabel(fieldLabel('Wachtwoord')).getAttribute('type')).toBe('password');
      await page.getByLabel('Metertype').selectOption({ label: 'Elektriciteit' });
    }
    await page.getByRole('button', { name: 'Afronden' }).click();
    await page.waitForURL(`${product.url}/app/admin/integrations/meterbeheer/feeds`);
    await page.getByRole('link', { name: fill.Naam! }).waitFor();
    expect(sim.feeds().filter((f) => f.provider === provider)).toHaveLength(1);
  });

  test('the HUB being down shows "Verzoek mislukt" and stays on the form', async () => {
    await page.goto(`${product.url}/app/admin/integrations/meterbeheer/feeds/create/meetbedrijf`);
    for (const [label, value] of Object.entries(providers[5]!.fill)) await page.getByLabel(fieldLabel(label)).fill(value);
    // The scheduled sync's first run (seconds after start) lists the feeds first: once it has, the
    // only request to that path before the next run is this add, so the fault is the add's.
    await expect.poll(() => sim.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/feed'), { timeout: 15_000 }).toBe(true);
    sim.inject({ kind: 'status', status: 503, path: /^\/api\/v1\/feed$/ });
    await page.getByRole('button', { name: 'Afronden' }).click();
    await page.getByText('Verzoek mislukt').waitFor();
    await page.getByText('Er is een fout opgetreden tijdens het aanmaken van de feed', { exact: true }).waitFor();
    expect(page.url()).toContain('/create/meetbedrijf');
  });

  test('"Nu synchroniseren" verifies the feeds and stores their data', async () => {
    await page.goto(`${product.url}/app/admin/integrations/meterbeheer/feeds`);
    await page.getByRole('button', { name: 'Nu synchroniseren' }).click();
    await page.getByText('Synchronisatie klaar').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('cell', { name: 'Geverifieerd', exact: true }).count()).toBe(6);
    // the job's last run comes from the server's job table and survives a reload
    await page.reload();
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toMatch(/Laatste synchronisatie: \d.*6 feeds, geen fouten/);
    await page.getByRole('link', { name: 'Kenter stroom' }).click();
    await page.getByRole('cell', { name: '1.8.0' }).waitFor();
    const stored = await page
      .getByRole('row', { name: /1\.8\.0/ })
      .getByRole('cell')
      .nth(2)
      .textContent();
    expect(Number(stored!.replace(/\./g, ''))).toBeGreaterThan(96 * 2);
  });

  test('a channel is bound to a new meter; the feed is then attached, detached and deleted', async () => {
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('authentication')))!).accessToken;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const org = await (await fetch(`${product.url}/api/organizations`, { method: 'PUT', headers, body: JSON.stringify({ name: 'Zonnedak BV' }) })).json();
    await fetch(`${product.url}/api/locations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        organizationId: org.id,
        name: 'Hoofdkantoor',
        country: 'Nederland',
        state: 'Utrecht',
        city: 'Utrecht',
        streetAddress: 'Straat 1',
        zipcode: '3511 AB',
      }),
    });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Meters' }).click();
    await page.getByRole('link', { name: 'Elektriciteitsmeter toevoegen' }).click();
    await page.getByLabel('Naam').fill('Hoofdmeter');
    await page.getByLabel('Locatie').selectOption({ label: 'Hoofdkantoor (Zonnedak BV)' });
    const importSelect = page.getByLabel('Kanaal levering (afname van het net)');
    await expect.poll(async () => (await importSelect.locator('option').allTextContents()).some((t) => t.startsWith('Kenter stroom · 1.8.0'))).toBe(true);
    const option = (await importSelect.locator('option').allTextContents()).find((t) => t.startsWith('Kenter stroom · 1.8.0'))!;
    await importSelect.selectOption({ label: option });
    await page.getByRole('button', { name: 'Meter toevoegen' }).click();
    await page.waitForURL(/\/app\/admin\/meter\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Hoofdmeter' }).waitFor();

    await page.getByTestId('sidebar').getByRole('link', { name: 'Feeds' }).click();
    await page.getByRole('link', { name: 'Kenter stroom' }).click();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('De feed is nog aan een meter gekoppeld. Ontkoppel de feed eerst.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Annuleren' }).click();

    await page.getByRole('button', { name: 'Ontkoppelen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ontkoppelen' }).click();
    await page.getByRole('button', { name: 'Ontkoppelen' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL(`${product.url}/app/admin/integrations/meterbeheer/feeds`);
    await expect.poll(() => page.getByRole('link', { name: 'Kenter stroom' }).count()).toBe(0);
    expect(sim.feeds().some((f) => f.name === 'Kenter stroom')).toBe(false);
  });

  test('a field is checked when left; a submit shows every message, a corrected field loses its own, server field errors land at their field and the next submit creates the feed', async () => {
    const messages = {
      Naam: 'De naam van de feed moet worden opgegeven.',
      Postcode: 'De postcode moet worden opgegeven.',
      Huisnummer: 'Het huisnummer moet worden opgegeven.',
      EAN: 'Ongeldige EAN-Code.',
      'API sleutel': 'De API sleutel moet worden opgegeven.',
      Subcode: 'De subcode moet worden opgegeven.',
    };
    const shown = (message: string) => page.getByText(message, { exact: true });
    await page.goto(`${product.url}/app/admin/integrations/meterbeheer/feeds/create/joulz`);
    await page.getByRole('heading', { name: 'Joulz feed aanmaken' }).waitFor();
    // Leaving an empty required field shows its message, and only its own.
    await page.getByLabel(fieldLabel('Naam')).focus();
    await page.keyboard.press('Tab');
    await shown(messages.Naam).waitFor();
    expect(await page.getByLabel(fieldLabel('Naam')).getAttribute('aria-invalid')).toBe('true');
    for (const message of Object.values(messages).slice(1)) expect(await shown(message).count()).toBe(0);
    // Focus is in the empty Postcode; one click on 'Afronden' shows every invalid field's message at once.
    await page.getByRole('button', { name: 'Afronden' }).click();
    for (const message of Object.values(messages)) await shown(message).waitFor();
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(6);
    // A corrected field loses its message as it is typed, before it is left.
    const fill = { Naam: 'Joulz tweede aansluiting', Postcode: '1234 AB', Huisnummer: '7', EAN: ean, 'API sleutel': 'sleutel', Subcode: 'SC' };
    for (const [label, value] of Object.entries(fill)) {
      await page.getByLabel(fieldLabel(label)).fill(value);
      await expect.poll(() => shown(messages[label as keyof typeof messages]).count()).toBe(0);
    }
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    // The server's field errors (400) land at their field: the request is sent with a broken EAN once.
    await page.route('**/trpc/meterbeheer.addFeed**', async (route) => {
      const body = JSON.parse(route.request().postData()!);
      body['0'].ean = 'geen-ean';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Afronden' }).click();
    await page.getByRole('alert').filter({ hasText: 'Verzoek mislukt' }).waitFor();
    await shown(messages.EAN).waitFor();
    expect(await page.getByLabel(fieldLabel('EAN')).getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/trpc/meterbeheer.addFeed**');
    expect(sim.feeds().filter((f) => f.name === fill.Naam)).toHaveLength(0);
    // Changing that field clears the server's message; the next submit creates the feed.
    await page.getByLabel(fieldLabel('EAN')).fill('871234567890123457');
    await expect.poll(() => shown(messages.EAN).count()).toBe(0);
    await page.getByRole('button', { name: 'Afronden' }).click();
    await page.waitForURL(`${product.url}/app/admin/integrations/meterbeheer/feeds`);
    await page.getByRole('link', { name: fill.Naam }).waitFor();
    expect(sim.feeds().filter((f) => f.name === fill.Naam)).toHaveLength(1);
  });
});
