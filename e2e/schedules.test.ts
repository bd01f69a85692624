import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { amsterdamIso } from '../src/lib/amsterdam';
import { PHONE, fieldLabel, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { elementShot, shot } from './support/mail';
import { adminApi, type Product, type RestApi, startProduct } from './support/product';

const shots = process.env.SCREENSHOT_DIR ?? path.resolve('test-results/screenshots');
mkdirSync(shots, { recursive: true });
const password = 'piket-wachtwoord-123';
const installers = ['Jan', 'Piet', 'Kees'].map((name) => ({ name, email: `${name.toLowerCase()}@piket.example.nl` }));

/** '03-11 08:00' of an ISO instant, as the page writes it. */
const dayTime = (iso: string) => {
  const local = amsterdamIso(Date.parse(iso));
  return `${local.slice(8, 10)}-${local.slice(5, 7)} ${local.slice(11, 16)}`;
};

describe.skipIf(!hasChromium)('a firm of three installers builds a rota with a night layer and an override in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  let scheduleId = 0;
  let organizationId = 0;
  let api: RestApi;

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    organizationId = (await api<{ id: number }>('PUT', '/api/organizations', { name: 'Installatiebedrijf Noord' })).id;
    for (const i of installers) await api('POST', '/api/users/create', { type: 'installer', organizationId, email: i.email, fullName: i.name, password });
    browser = await launchBrowser();
    page = await signedInPage(browser, product.url, installers[0]!.email, password, { viewport: { width: 1440, height: 1000 } });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('from the start page an installer makes a schedule, a day and a night layer and an override', async () => {
    await page.getByRole('link', { name: /Piketdienst/ }).click();
    await page.getByRole('heading', { name: 'Piketdienst' }).waitFor();
    await page.getByRole('button', { name: 'Rooster maken' }).click();
    await page.getByLabel(fieldLabel('Naam')).fill('Storingsdienst');
    await page.getByRole('dialog').getByRole('button', { name: 'Rooster maken' }).click();
    await page.waitForURL(/\/app\/schedules\/\d+$/);
    scheduleId = Number(page.url().split('/').at(-1));
    await page.getByText('Nu heeft niemand dienst').or(page.getByText('Niemand heeft dienst')).first().waitFor();

    // An empty layer gets Dutch messages at its fields.
    await page.getByRole('button', { name: 'Laag toevoegen' }).click();
    await page.getByRole('button', { name: 'Laag opslaan' }).click();
    await page.getByText('Geef de laag een naam.').waitFor();
    await page.getByText('Kies minstens één persoon voor deze laag.').waitFor();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(fieldLabel('Naam van de laag')).fill('Dag');
    const people = dialog.getByLabel(fieldLabel('Mensen, in volgorde van hun beurt'));
    await people.selectOption({ label: 'Jan' });
    await people.selectOption({ label: 'Piet' });
    await dialog.getByRole('button', { name: 'Laag opslaan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Jan → Piet').waitFor();

    await page.getByRole('button', { name: 'Laag toevoegen' }).click();
    await dialog.getByLabel(fieldLabel('Naam van de laag')).fill('Nacht');
    await dialog.getByLabel(fieldLabel('Mensen, in volgorde van hun beurt')).selectOption({ label: 'Kees' });
    await dialog.getByLabel('Eenheid').selectOption({ label: 'weken' });
    await dialog.getByText('Alleen op bepaalde dagen en tijden').click();
    await dialog.getByLabel(fieldLabel('Van')).fill('18:00');
    await dialog.getByLabel(fieldLabel('Tot')).fill('08:00');
    await dialog.getByRole('button', { name: 'Laag opslaan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('elke dag 18:00–08:00').waitFor();

    // Jan neemt de nacht van Kees over: tonight 18:00 to tomorrow 08:00 are the form's defaults.
    await page.getByLabel(fieldLabel('Wie neemt de dienst over')).selectOption({ label: 'Jan' });
    await page.getByRole('button', { name: 'Vervanging toevoegen' }).click();
    await page.getByText(/Jan van .* tot /).waitFor();
    await page.getByTestId('shift').filter({ hasText: 'Vervanging' }).first().waitFor();

    const schedule = await api<{ layers: { name: string; users: number[] }[]; overrides: { from: string; name: string }[] }>(
      'GET',
      `/api/v1/schedules/${scheduleId}`,
    );
    expect(schedule.layers.map((l) => [l.name, l.users.length])).toEqual([
      ['Dag', 2],
      ['Nacht', 1],
    ]);
    expect(schedule.overrides.map((o) => o.name)).toEqual(['Jan']);
    // Tonight at 23:00 Jan is on call instead of Kees.
    const night = await api<{ users: { name: string }[] }>(
      'GET',
      `/api/v1/schedules/${scheduleId}/on-call?at=${schedule.overrides[0]!.from.slice(0, 10)}T23:00`,
    );
    expect(night.users.map((u) => u.name)).toEqual(['Jan']);
    await page.screenshot({ path: path.join(shots, 'schedule-1440.png'), fullPage: true });
    await shot(page, 'schedule-1440');
  });

  test('a layer has several time windows: one is added, one changed and one removed, each crossing midnight or not', async () => {
    await page.getByRole('listitem').filter({ hasText: 'Nacht' }).getByRole('button', { name: 'Wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Laag wijzigen' });
    await dialog.getByText('Tijdvenster 1').waitFor();
    // A second window: Saturday and Sunday by day; a third, Friday 22:00 to 06:00, which is then removed again.
    await dialog.getByRole('button', { name: 'Tijdvenster toevoegen' }).click();
    const second = dialog.getByRole('group', { name: 'Tijdvenster 2' });
    for (const day of ['ma', 'di', 'wo', 'do', 'vr']) await second.getByText(day, { exact: true }).click();
    await second.getByLabel(fieldLabel('Van')).fill('08:00');
    await second.getByLabel(fieldLabel('Tot')).fill('18:00');
    await dialog.getByRole('button', { name: 'Tijdvenster toevoegen' }).click();
    const third = dialog.getByRole('group', { name: 'Tijdvenster 3' });
    await third.getByLabel(fieldLabel('Van')).fill('22:00');
    await third.getByLabel(fieldLabel('Tot')).fill('06:00');
    // A window without days is answered at its field.
    for (const day of ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']) await third.getByText(day, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Laag opslaan' }).click();
    await third.getByText('Kies minstens één dag.').waitFor();
    await dialog.getByRole('button', { name: 'Tijdvenster 3 verwijderen' }).click();
    // The first window, the nights, now ends at 07:00.
    await dialog.getByRole('group', { name: 'Tijdvenster 1' }).getByLabel(fieldLabel('Tot')).fill('07:00');
    await elementShot(dialog, 'schedule-layer-windows-1440');
    await dialog.getByRole('button', { name: 'Laag opslaan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('elke dag 18:00–07:00; za, zo 08:00–18:00').waitFor();
    const schedule = await api<{ layers: { name: string; restrictions?: { days: number[]; from: string; to: string }[] }[] }>(
      'GET',
      `/api/v1/schedules/${scheduleId}`,
    );
    expect(schedule.layers.find((l) => l.name === 'Nacht')?.restrictions).toEqual([
      { days: [1, 2, 3, 4, 5, 6, 7], from: '18:00', to: '07:00' },
      { days: [6, 7], from: '08:00', to: '18:00' },
    ]);
  });

  test('the headline says who is on call now and until when, as the server answers', async () => {
    await page.reload();
    const answer = await api<{ users: { name: string }[]; until: string | null }>('GET', `/api/v1/schedules/${scheduleId}/on-call`);
    const headline = page.getByTestId('on-call-now');
    const expected = answer.users.length ? `Nu dienst: ${answer.users[0]!.name}` : 'Nu heeft niemand dienst';
    await expect.poll(() => headline.textContent()).toContain(expected);
    if (answer.until) expect(await headline.textContent()).toContain(dayTime(answer.until));
    await page.getByRole('button', { name: 'Maand' }).click();
    await page.getByRole('button', { name: 'Maand', pressed: true }).waitFor();
    await page.screenshot({ path: path.join(shots, 'schedule-month-1440.png'), fullPage: true });
  });

  test('on a 390 px phone the rota fits the width and the profile shows the calendar address', async () => {
    const phone = await signedInPage(browser, product.url, installers[1]!.email, password, PHONE);
    await phone.goto(`${product.url}/app/schedules/${scheduleId}`);
    await phone
      .getByTestId('on-call-now')
      .filter({ hasText: /Nu dienst|niemand/ })
      .waitFor();
    await phone.getByTestId('shift').first().waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: path.join(shots, 'schedule-390.png'), fullPage: true });
    await shot(phone, 'schedule-390');
    await phone.getByRole('button', { name: 'Maand' }).click();
    expect(await fitsWidth(phone)).toBe(true);

    await phone.getByRole('link', { name: 'Mijn profiel' }).click();
    await phone.getByRole('heading', { name: 'Mijn profiel' }).waitFor();
    const address = phone.getByLabel('Adres van je agenda');
    await expect.poll(() => address.inputValue()).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await address.inputValue();
    // The address names PUBLIC_URL; this product runs on its own port.
    const feedAt = (url: string) => fetch(`${product.url}${new URL(url).pathname}`);
    const feed = await feedAt(first);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Piketdienst Storingsdienst');
    await phone.getByRole('button', { name: 'Nieuwe link maken' }).click();
    await phone.getByRole('alertdialog').getByRole('button', { name: 'Nieuwe link maken' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    expect((await feedAt(first)).status).toBe(404);
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: path.join(shots, 'profile-390.png'), fullPage: true });
    await phone.context().close();
  });

  test('a swap that already happened is recorded from the form: it counts for who was on call then, and the form says where it went', async () => {
    // A rota of its own: Kees every day, from a week ago.
    const people = await api<{ users: { id: number; email: string }[] }>('GET', '/api/users/list?pageNumber=0&pageSize=100');
    const keesId = people.users.find((u) => u.email === installers[2]!.email)!.id;
    const { id } = await api<{ id: number }>('POST', `/api/v1/organizations/${organizationId}/schedules`, {
      name: 'Achterwacht',
      layers: [{ name: 'Alle dagen', users: [keesId], start: amsterdamIso(Date.now() - 7 * 86_400_000).slice(0, 16), shift: { unit: 'DAY', count: 1 } }],
    });
    const past = await signedInPage(browser, product.url, installers[0]!.email, password, { viewport: { width: 1440, height: 1000 } });
    await past.goto(`${product.url}/app/schedules/${id}`);
    await past.getByText('Geen vervangingen gepland.').waitFor();
    // Piet stood in for Kees from three hours ago until an hour ago; it is recorded now.
    const local = (hoursAgo: number) => amsterdamIso(Date.now() - hoursAgo * 3_600_000).slice(0, 16);
    const form = past.locator('form', { has: past.getByRole('button', { name: 'Vervanging toevoegen' }) });
    await form.getByLabel(fieldLabel('Wie neemt de dienst over')).selectOption({ label: 'Piet' });
    await form.getByLabel(fieldLabel('Van')).fill(local(3));
    await form.getByLabel(fieldLabel('Tot')).fill(local(1));
    await form.getByRole('button', { name: 'Vervanging toevoegen' }).click();
    await past.getByRole('status').getByText('Vervanging vastgelegd. Ze ligt in het verleden').waitFor();
    await past.getByText('Geen vervangingen gepland.').waitFor();
    const then = await api<{ users: { name: string }[] }>('GET', `/api/v1/schedules/${id}/on-call?at=${local(2)}`);
    expect(then.users.map((u) => u.name)).toEqual(['Piet']);
    const now = await api<{ users: { name: string }[] }>('GET', `/api/v1/schedules/${id}/on-call`);
    expect(now.users.map((u) => u.name)).toEqual(['Kees']);
    await elementShot(form, 'schedule-past-override-1440');
    await past.context().close();
  });
});
