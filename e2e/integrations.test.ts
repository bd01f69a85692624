import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, launchBrowser, seriousA11yViolations, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { ADMIN, adminApi, type Product, type RestApi, startProduct } from './support/product';

describe.skipIf(!hasChromium)('ingest tokens on the Koppelingen page in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let admin: Page;

  let api: RestApi;
  const hook = (ingestToken: string) =>
    fetch(`${product.url}/api/v1/alarms/hooks/generic`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'pomp-3', line: 'Pomp 3 staat stil' }),
    });

  beforeAll(async () => {
    product = await startProduct();
    api = await adminApi(product);
    const org = await api<{ id: number }>('PUT', '/api/organizations', { name: 'Warmtewerk' });
    dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Warmtewerk', organizationId: org.id })).id;
    browser = await launchBrowser();
    admin = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('an admin creates a token, sees it once with ready-made examples, the hook takes it, the list shows its use, and revoking shuts it out', async () => {
    await admin.goto(`${product.url}/app/alarms/${dashboardId}`);
    await admin.getByTestId('sidebar').getByRole('link', { name: 'Koppelingen' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Koppelingen' }).waitFor();
    await admin.getByText('Er zijn nog geen tokens.').waitFor();
    await admin.getByLabel('Naam').fill('Prometheus productie');
    await admin.getByRole('button', { name: 'Token aanmaken' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Token "Prometheus productie" aangemaakt' });
    await dialog.waitFor();
    const ingestToken = (await dialog.getByLabel('Token').textContent())!;
    expect(ingestToken).toMatch(/^ebi_[A-Za-z0-9_-]{43}$/);
    const alertmanager = await dialog.getByRole('region', { name: 'Prometheus Alertmanager' }).locator('pre').textContent();
    expect(alertmanager).toContain(`url: ${product.url}/api/v1/alarms/hooks/alertmanager`);
    expect(alertmanager).toContain(`credentials: ${ingestToken}`);
    expect(await dialog.getByRole('region', { name: 'Grafana' }).locator('pre').textContent()).toContain(`${product.url}/api/v1/alarms/hooks/grafana`);
    expect(await dialog.getByRole('region', { name: 'Eigen script (curl)' }).locator('pre').textContent()).toContain(`Bearer ${ingestToken}`);
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await shot(admin, 'integrations-token-dialog');

    expect((await hook(ingestToken)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await admin.reload();
    const item = admin.getByRole('list', { name: 'Tokens' }).getByRole('listitem').filter({ hasText: 'Prometheus productie' });
    await item.getByText(/laatst gebruikt/).waitFor();
    expect(await admin.content()).not.toContain(ingestToken);

    await item.getByRole('button', { name: 'Verwijderen' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await admin.getByText('Er zijn nog geen tokens.').waitFor();
    expect((await hook(ingestToken)).status).toBe(401);
  });
});
