/**
 * The rough edges a newcomer hits, in Chromium against the demo world (its
 * feeds belong to the installer's organization) plus an admin-only feed whose channels an
 * installer's meter uses, and a second product without a HUB key.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INSTALLER, seedDemoWorld } from '../scripts/demo-world';
import { type HubSimulator, startHubSimulator } from '../src-server/modules/meterbeheer/hub-simulator/hub-simulator';
import { hasChromium, launchBrowser, seriousA11yViolations, signIn } from './support/browser';
import { elementShot } from './support/mail';
import { ADMIN, adminApi, adminToken, type Product, restClient, startProduct } from './support/product';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe.skipIf(!hasChromium)('the rough edges a newcomer hits', () => {
  let sim: HubSimulator;
  let product: Product;
  let browser: Browser;
  let token: string;
  const ids = { organization: 0, location: 0, meter: 0, adminMeter: 0, user: 0, feed: '' };

  const api = restClient(
    () => product,
    () => token,
  );
  async function pageAs(who: { email: string; password: string }, viewport = DESKTOP): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    await signIn(page, product.url, who.email, who.password);
    await page.waitForURL(`${product.url}/app/`);
    return page;
  }

  beforeAll(async () => {
    sim = await startHubSimulator({ historyDays: 10 });
    product = await startProduct({ METERBEHEER_API_URL: sim.baseUrl, METERBEHEER_API_KEY: sim.apiKey, METERBEHEER_HISTORY_DAYS: '3' });
    token = await adminToken(product.url);
    await seedDemoWorld(product.url, token);
    ids.organization = (await api<{ organizations: { id: number }[] }>('GET', '/api/organizations/list')).organizations[0]!.id;
    const locations = (await api<{ locations: { id: number; name: string }[] }>('GET', '/api/locations/list')).locations;
    ids.location = locations.find((l) => l.name === 'Hoofdkantoor Utrecht')!.id;
    const meters = (await api<{ meters: { id: number; name: string; locationId: number }[] }>('GET', '/api/meters/list')).meters;
    ids.meter = meters.find((m) => m.name === 'Hoofdaansluiting' && m.locationId === ids.location)!.id;
    ids.user = (await api<{ users: { id: number; type: string }[] }>('GET', '/api/users/list')).users.find((u) => u.type === 'customer')!.id;
    // An admin's feed is admin-only; an admin binds its channel to a meter on the installer's location.
    const adminFeed = await api<{ uuid: string; channels: { id: number; code: string }[] }>('POST', '/api/meterbeheer/feeds/add/kenter', {
      name: 'Beheer zonnepanelen',
      postalCode: '3511 ED',
      houseNumber: '12',
      meterKind: 'electricity',
      ean: '871685900000000099',
      username: 'demo',
      password: 'demo',
    });
    ids.feed = adminFeed.uuid;
    ids.adminMeter = (
      await api<{ id: number }>('POST', '/api/meters/create', {
        type: 'electricity',
        name: 'Zonnepanelen dak',
        locationId: ids.location,
        netImportChannel: { type: 'meterbeheer', id: adminFeed.channels.find((c) => c.code === '1.8.0')!.id },
        netExportChannel: null,
      })
    ).id;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await sim?.close();
  });

  test('a failing list request shows the error with a retry, never the empty text, and the retry brings the list', async () => {
    const page = await pageAs(ADMIN);
    const failure = JSON.stringify([{ error: { message: 'Stuk', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]);
    await page.route(/\/trpc\/[^?]*meter\.list/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: failure }));
    await page.goto(`${product.url}/app/admin/meters`);
    const alert = page.getByRole('alert').filter({ hasText: 'Laden mislukt' });
    await alert.waitFor({ timeout: 45_000 });
    expect(await page.getByText('Er zijn nog geen meters.').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Hoofdaansluiting' }).count()).toBe(0);
    await page.unroute(/\/trpc\/[^?]*meter\.list/);
    await alert.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await page.getByRole('link', { name: 'Hoofdaansluiting' }).first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Laden mislukt' }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  test("the demo's installer sees its meter's channels and renames it, also a meter on an admin-only feed", async () => {
    const page = await pageAs(INSTALLER);
    for (const [meterId, name, channel] of [
      [ids.meter, 'Hoofdaansluiting kantoor', /Hoofdkantoor Utrecht stroom · 1\.8\.0/],
      [ids.adminMeter, 'Zonnepanelen dak oost', /Beheer zonnepanelen · 1\.8\.0/],
    ] as const) {
      await page.goto(`${product.url}/app/admin/meter/${meterId}`);
      await page.getByText('Elektriciteitsmeter op').waitFor();
      const importChannel = page.getByLabel('Kanaal levering (afname van het net)');
      expect(await importChannel.locator('option:checked').textContent()).toMatch(channel);
      expect(await page.getByText('Nog geen kanalen van dit type').count()).toBe(0);
      await page.getByLabel(/^Naam/).fill(name);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await page.getByText('Dit kanaal bestaat niet.').count()).toBe(0);
      expect(await page.getByLabel('Kanaal levering (afname van het net)').locator('option:checked').textContent()).toMatch(channel);
    }
    const kept = await api<{ netImportChannel: { id: number } | null }>('GET', `/api/meter/${ids.adminMeter}`);
    expect(kept.netImportChannel).not.toBeNull();
    await page.context().close();
  });

  test('the feeds page: sync result below the buttons, status badges, a table that says it scrolls on a phone', async () => {
    const page = await pageAs(ADMIN);
    await page.goto(`${product.url}/app/admin/integrations/meterbeheer/feeds`);
    await expect.poll(() => page.title()).toBe('Feeds · Energiebeheer');
    expect(await page.getByRole('columnheader', { name: 'Laatste fout' }).count()).toBe(0);
    await page.getByText('Geverifieerd', { exact: true }).first().waitFor();
    const button = page.getByRole('button', { name: 'Nu synchroniseren' });
    const before = (await button.boundingBox())!;
    await button.click();
    const result = page.getByRole('status').filter({ hasText: 'Synchronisatie klaar' });
    await result.waitFor({ timeout: 45_000 });
    const after = (await page.getByRole('button', { name: 'Nu synchroniseren' }).boundingBox())!;
    expect(after.y).toBe(before.y);
    expect((await result.boundingBox())!.y).toBeGreaterThanOrEqual(after.y + after.height);
    await page.setViewportSize(PHONE);
    await page.getByTestId('table-scroll-hint').waitFor();
    expect(await page.getByRole('region', { name: /scroll opzij/ }).getAttribute('tabindex')).toBe('0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  test('on a phone no page scrolls sideways, and the navigation sheet closes after a tap', async () => {
    const page = await pageAs(ADMIN, PHONE);
    const routes = [
      '/app/',
      '/app/admin',
      '/app/admin/organizations',
      `/app/admin/organization/${ids.organization}`,
      '/app/admin/locations',
      '/app/admin/locations/create',
      `/app/admin/location/${ids.location}`,
      '/app/admin/users',
      '/app/admin/users/create/customer',
      `/app/admin/user/${ids.user}`,
      '/app/admin/meters',
      '/app/admin/meters/create/electricity',
      `/app/admin/meter/${ids.meter}`,
      '/app/admin/integrations/meterbeheer/feeds',
      `/app/admin/integrations/meterbeheer/feed/${ids.feed}`,
      '/app/admin/integrations/meterbeheer/feeds/create/kenter',
      '/app/admin/bestaat-niet',
      '/app/dashboard',
      `/app/dashboard/${ids.location}`,
      `/app/dashboard/${ids.location}/elektriciteit`,
      `/app/dashboard/${ids.location}/elektriciteit?period=year`,
      '/app/dashboard/99999',
      '/app/alarms',
    ];
    const wide: string[] = [];
    for (const route of routes) {
      await page.goto(`${product.url}${route}`);
      await page
        .getByRole('heading')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => {
          throw new Error(`${route}: no heading`);
        });
      await page
        .getByText('Bezig met laden ...')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      if (scrollWidth > innerWidth) {
        const culprits = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 8)
            .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} right=${Math.round(e.getBoundingClientRect().right)}`),
        );
        wide.push(`${route}: ${scrollWidth} > ${innerWidth} :: ${culprits.join(' | ')}`);
      }
    }
    expect(wide).toEqual([]);

    await page.goto(`${product.url}/app/admin`);
    await page.getByRole('button', { name: 'Navigatiebalk in-/uitklappen' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'Meters' }).click();
    await page.waitForURL(`${product.url}/app/admin/meters`);
    await sheet.waitFor({ state: 'detached' });
    await page.context().close();
  }, 60_000);

  test('a page not found inside the dashboard keeps the top bar and a way back', async () => {
    const page = await pageAs(ADMIN);
    await page.goto(`${product.url}/app/dashboard/99999`);
    await page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
    await page.getByRole('button', { name: 'Uitloggen' }).waitFor();
    await page.getByRole('link', { name: 'Energiebeheer' }).waitFor();
    await page.getByRole('link', { name: 'Naar het dashboard' }).click();
    await page.waitForURL(`${product.url}/app/dashboard`);
    await page.context().close();
  });

  test('the login page replaces an old reason when a new attempt fails differently', async () => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(`${product.url}/app/login`);
    await expect.poll(() => page.title()).toBe('Inloggen · Energiebeheer');
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill('een verkeerd wachtwoord');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Inloggen mislukt' });
    await failed.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Wachtwoord').fill('');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByLabel('Wachtwoord').and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await failed.count()).toBe(0);
    await page.context().close();
  });
});

describe.skipIf(!hasChromium)('a fresh install without a HUB key guides its admin', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('start-up warns in one line; /admin shows counts, the setup order and the missing key; a feed fails with the reason', async () => {
    expect(
      product
        .output()
        .split('\n')
        .filter((line) => line.includes('METERBEHEER_API_KEY')),
    ).toHaveLength(1);
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    await page.goto(`${product.url}/app/admin`);
    await page.getByRole('alert').filter({ hasText: 'Meterbeheer HUB is niet ingesteld' }).waitFor();
    await expect.poll(() => page.title()).toBe('Beheer · Energiebeheer');
    const steps = page.getByRole('list', { name: 'Inrichten in zes stappen' }).getByRole('listitem');
    expect(await steps.allTextContents()).toEqual([
      expect.stringContaining('1. Organisatie'),
      expect.stringContaining('2. Locatie'),
      expect.stringContaining('3. Sleutel voor Meterbeheer HUB'),
      expect.stringContaining('4. Feed'),
      expect.stringContaining('5. Meter'),
      expect.stringContaining('6. Klant'),
    ]);
    expect(await page.getByTestId('setup-status-1').textContent()).toBe('Nog geen organisaties');
    expect(await page.getByTestId('setup-status-3').textContent()).toBe('Ontbreekt');
    expect(await steps.first().getAttribute('aria-current')).toBe('step');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${product.url}/app/admin/integrations/meterbeheer/feeds/create/kenter`);
    // A failed submit shows every invalid field's message at once.
    await page.getByRole('button', { name: 'Afronden' }).click();
    for (const message of [
      'De naam van de feed moet worden opgegeven.',
      'De postcode moet worden opgegeven.',
      'Het huisnummer moet worden opgegeven.',
      'Ongeldige EAN-Code.',
      'De gebruikersnaam moet worden opgegeven.',
      'Het wachtwoord moet worden opgegeven.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    const fill = { Naam: 'Kantoor', Postcode: '1234 AB', Huisnummer: '1', EAN: '871234567890123456', Gebruikersnaam: 'u', Wachtwoord: 'p' };
    for (const [label, value] of Object.entries(fill)) await page.getByLabel(new RegExp(`^${label}( \\*)?$`)).fill(value);
    await page.getByRole('button', { name: 'Afronden' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Verzoek mislukt' });
    await alert.waitFor();
    expect(await alert.getByText('Er is een fout opgetreden tijdens het aanmaken van de feed', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('feed-failure-reason').textContent()).toContain('METERBEHEER_API_KEY');
    await page.context().close();
  });

  test('after the energy steps the alarm set-up: sources → parsers → notifications → on call, ticked when done; the empty console shows it too', async () => {
    const api = await adminApi(product);
    const organizationId = (await api<{ id: number }>('PUT', '/api/organizations', { name: 'Koeltechniek Jansen' })).id;
    const dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Jansen', organizationId })).id;
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${product.url}/app/`);
    // Each page names its own tab: the sign-in page's title does not stay behind.
    await expect.poll(() => page.title()).toBe('Start · Energiebeheer');
    await page.goto(`${product.url}/app/admin`);
    const steps = page.getByRole('list', { name: 'Alarmen inrichten' }).getByRole('listitem');
    await steps.first().waitFor();
    expect(await steps.allTextContents()).toEqual([
      expect.stringContaining('1. Bronnen'),
      expect.stringContaining('2. Parsers'),
      expect.stringContaining('3. Meldingen'),
      expect.stringContaining('4. Piketdienst'),
    ]);
    expect(await steps.first().getAttribute('aria-current')).toBe('step');
    expect(await page.getByTestId('alarm-setup-status-3').textContent()).toBe('Nog geen meldingsregels');

    await api('POST', `/api/v1/alarms/dashboards/${dashboardId}/notification-rules`, {
      name: 'Storingen HOOG',
      priorities: ['HIGH'],
      events: ['created'],
      channel: { type: 'EMAIL', to: 'ASSIGNABLE' },
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('alarm-setup-status-3').textContent()).toBe('1 meldingsregel');
    expect(await steps.nth(2).textContent()).toContain('(klaar)');

    // The empty console: the same steps, each with its way there.
    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox`);
    const guide = page.getByTestId('alarm-setup-guide');
    await guide.getByText('Nog 3 van de 4 stappen').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await elementShot(guide, 'alarm-setup-guide-1280');
    await guide.getByRole('link', { name: 'Naar bronnen' }).click();
    await page.waitForURL(`${product.url}/app/alarms/${dashboardId}/emails/sources`);
    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox`);
    await guide.getByRole('button', { name: 'Verbergen' }).click();
    await guide.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await guide.count()).toBe(0);
    await page.context().close();
  });
});

describe.skipIf(!hasChromium)('a first start without ADMIN_PASSWORD', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('the admin signing in with the printed one-time password is asked to choose their own, on the profile page, until done', async () => {
    const [, email, password] = /First admin created: (\S+) with password (\S+)/.exec(product.output())!;
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(page, product.url, email!, password!);
    await page.waitForURL(`${product.url}/app/`);
    const banner = page.getByRole('alert').filter({ hasText: 'Kies je eigen wachtwoord' });
    await banner.waitFor();
    await banner.getByRole('link', { name: 'Wachtwoord wijzigen' }).click();
    await page.waitForURL(/\/app\/profile#wachtwoord$/);
    await expect.poll(() => page.title()).toBe('Mijn profiel · Energiebeheer');
    await page.getByLabel(/^Huidig wachtwoord/).fill(password!);
    await page.getByLabel(/^Nieuw wachtwoord/).fill('mijn eigen lange wachtwoord');
    await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
    await page.getByText('Het wachtwoord is ingesteld.').waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Mijn profiel' }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });
});
