import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type NtfySimulator, startNtfy } from '../src-server/testing/ntfy-simulator';
import { startSlack } from '../src-server/testing/team-chat-receivers';
import { type TelegramSimulator, startTelegram } from '../src-server/testing/telegram-simulator';
import { PHONE, fieldLabel, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const shots = process.env.SCREENSHOT_DIR ?? path.resolve('test-results/screenshots');
mkdirSync(shots, { recursive: true });
const installer = { email: 'ingrid@example.nl', password: 'installateur-wachtwoord', fullName: 'Ingrid' };

describe.skipIf(!hasChromium)('an installer gets alarms on the phone (ntfy, Telegram) and the team in Slack, in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let ntfy: NtfySimulator;
  let telegram: TelegramSimulator;
  let slack: Awaited<ReturnType<typeof startSlack>>;
  let dashboardId = 0;
  let api: RestApi;

  beforeAll(async () => {
    ntfy = await startNtfy();
    telegram = await startTelegram();
    slack = await startSlack();
    product = await startProduct({ TELEGRAM_BOT_TOKEN: telegram.botToken, TELEGRAM_API_URL: telegram.apiUrl, NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' });
    api = await adminApi(product);
    ({ dashboardId } = await installerDashboard(api, { organization: 'Zonnedak Installaties', dashboard: 'Storingen Zonnedak', installer }));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await Promise.all([ntfy?.close(), telegram?.close(), slack?.close()]);
  });

  test('on the profile an ntfy topic is added and tested, and a Telegram chat is linked with /start <code>', async () => {
    const page = await signedInPage(browser, product.url, installer.email, installer.password, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${product.url}/app/profile`);
    await page.getByLabel(fieldLabel('Server en topic')).fill(ntfy.url('piket-ingrid'));
    await page.getByRole('button', { name: 'ntfy toevoegen' }).click();
    await page.getByText(/^Toegevoegd: 127\.0\.0\.1:\d+\/piket-ingrid\./).waitFor();
    await page.getByRole('button', { name: 'Stuur een testmelding' }).click();
    await page.getByText(/^Testmelding verstuurd naar /).waitFor();
    expect(ntfy.messages.map((m) => m.title)).toEqual(['[HOOG] Testmelding: zo bereikt een escalatie je']);

    await page.getByText('@EnergiebeheerTestBot').waitFor();
    await page.getByRole('button', { name: 'Telegram koppelen' }).click();
    const command = await page.getByText(/^\/start [A-Z2-9]{8}$/).textContent();
    expect(await page.getByRole('link', { name: 'Openen in Telegram' }).getAttribute('href')).toBe(
      `https://t.me/EnergiebeheerTestBot?start=${command!.slice(7)}`,
    );
    telegram.userSends(4242, command!);
    await expect.poll(() => telegram.to(4242).at(-1)?.text, { timeout: 15_000 }).toMatch(/^Gekoppeld aan Energiebeheer als Ingrid\./);
    const methods = await (await fetch(`${product.url}/api/v1/users/me/contact-methods`, { headers: await bearer(page) })).json();
    expect((methods as { type: string }[]).map((m) => m.type)).toEqual(['EMAIL', 'NTFY', 'TELEGRAM']);
    await page.screenshot({ path: path.join(shots, 'profile-phone-channels-1440.png'), fullPage: true });
    await page.context().close();
  }, 60_000);

  test('on a 390 px phone the profile’s cards fit the width', async () => {
    const phone = await signedInPage(browser, product.url, installer.email, installer.password, PHONE);
    await phone.goto(`${product.url}/app/profile`);
    await phone.getByRole('button', { name: 'Telegram koppelen' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: path.join(shots, 'profile-phone-channels-390.png'), fullPage: true });
    await phone.context().close();
  });

  test('a Slack rule is made in the rule form, listed with its URL masked, and its test reaches the channel', async () => {
    const page = await signedInPage(browser, product.url, installer.email, installer.password, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
    await page.getByPlaceholder('bijv. Wachtdienst nacht').fill('Teamkanaal');
    await page.getByLabel(fieldLabel('Kanaal')).selectOption('SLACK');
    await page.getByText(/In Slack: maak een app met Incoming Webhooks/).waitFor();
    await page.getByLabel(fieldLabel('Webhook-URL van Slack')).fill(slack.url('/services/T0AAA/B0BBB/geheimgeheimgeheim'));
    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    const list = page.getByRole('list', { name: 'Meldingsregels' });
    await list.getByText(/Slack http:\/\/127\.0\.0\.1:\d+\/services\/\*\*\*/).waitFor();
    expect(await page.content()).not.toContain('geheimgeheimgeheim');
    await list.getByRole('button', { name: 'Test' }).click();
    await page.getByText(/^Testmelding verstuurd naar http:\/\/127\.0\.0\.1:\d+\/services\/\*\*\*\.$/).waitFor();
    expect(slack.received).toHaveLength(1);
    await page.screenshot({ path: path.join(shots, 'rule-slack-1440.png'), fullPage: true });
    const phone = await signedInPage(browser, product.url, installer.email, installer.password, PHONE);
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
    await phone.getByLabel(fieldLabel('Kanaal')).selectOption('TEAMS');
    await phone.getByText(/In Teams: … bij het kanaal → Workflows/).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: path.join(shots, 'rule-teams-390.png'), fullPage: true });
    await phone.context().close();
    await page.context().close();
  }, 60_000);
});

/** The signed-in page's access token, for a REST look at what the page did. */
async function bearer(page: import('playwright-core').Page) {
  const stored = await page.evaluate(() => localStorage.getItem('authentication'));
  return { Authorization: `Bearer ${(JSON.parse(stored!) as { accessToken: string }).accessToken}` };
}
