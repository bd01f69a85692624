import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, launchBrowser, signedInPage } from './support/browser';
import { ADMIN, adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

interface Rule {
  name: string;
  enabled: boolean;
  events: string[];
  unacknowledgedMinutes: number | null;
  channel: { type: string; url?: string };
}

describe.skipIf(!hasChromium)('notification rules in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let api: RestApi;
  const rules = () => api<Rule[]>('GET', `/api/v1/alarms/dashboards/${dashboardId}/notification-rules`);

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    ({ dashboardId } = await installerDashboard(api, {
      organization: 'Zonnedak Installaties',
      dashboard: 'Storingen Zonnedak',
      installer: { email: 'ingrid@example.nl', password: 'installateur-wachtwoord' },
    }));
    await api('POST', `/api/v1/alarms/dashboards/${dashboardId}/notification-rules`, {
      name: 'Wachtdienst',
      priorities: ['HIGH'],
      events: ['created', 'unacknowledged'],
      unacknowledgedMinutes: 15,
      channel: { type: 'WEBHOOK', url: 'https://hooks.example.nl/energiebeheer', secret: 'een-lang-gedeeld-geheim' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('switching a rule off and on in the list changes only whether it is on; its minutes, events and webhook stay', async () => {
    const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
    const list = page.getByRole('list', { name: 'Meldingsregels' });
    await list.getByRole('button', { name: 'Uitzetten' }).click();
    await list.getByRole('button', { name: 'Aanzetten' }).waitFor();
    const kept = {
      name: 'Wachtdienst',
      events: ['created', 'unacknowledged'],
      unacknowledgedMinutes: 15,
      channel: { type: 'WEBHOOK', url: 'https://hooks.example.nl/energiebeheer' },
    };
    expect(await rules()).toMatchObject([{ ...kept, enabled: false }]);
    await list.getByRole('button', { name: 'Aanzetten' }).click();
    await list.getByRole('button', { name: 'Uitzetten' }).waitFor();
    expect(await rules()).toMatchObject([{ ...kept, enabled: true }]);
  });
});
