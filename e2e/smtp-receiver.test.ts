/**
 * Mail straight to the product, the whole way in Chromium: the built product started with
 * SMTP_LISTEN, an admin adds a receiving address on the sources page and reads it there, an
 * installer has the console open (on a desktop and on a 390 px phone), a real SMTP client
 * (nodemailer) mails the address, and the alarm's row appears in both open consoles without a
 * reload, its line readable and its time in Amsterdam time. An unknown recipient is refused at RCPT.
 */
import type { Browser, Page } from 'playwright-core';
import { type SendMailOptions, createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { PHONE, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { ADMIN, adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const DOMAIN = 'alarm.energiebeheer.test';
const INSTALLER = { email: 'sem@example.nl', password: 'installateur-wachtwoord', fullName: 'Sem SMTP' };

/** An instant as the console shows it: dd-MM-yyyy HH:mm in Amsterdam time. */
function amsterdam(ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

describe.skipIf(!hasChromium)('mail to a receiving address, into the open console', () => {
  let product: Product;
  let browser: Browser;
  let organizationId: number;
  let smtpPort: number;
  let admin: Page;
  let installer: Page;
  let phone: Page;
  let api: RestApi;

  /** nodemailer as a device would send: plain SMTP to the receiver's port, one message. */
  async function send(to: string, subject: string) {
    const transport = createTransport({ url: `smtp://127.0.0.1:${smtpPort}`, ignoreTLS: true });
    onTestFinished(() => transport.close());
    const message = {
      from: 'Gebouwbeheer <gbs@example.nl>',
      to,
      subject,
      text: `${subject}.\nGemeld door het gebouwbeheersysteem.`,
    } as unknown as SendMailOptions;
    return (await transport.sendMail(message)) as unknown as { response: string };
  }

  beforeAll(async () => {
    // Port 0: the receiver takes a free port and says which in its start-up line.
    product = await startProduct({ SMTP_LISTEN: '0', SMTP_LISTEN_HOST: '127.0.0.1', SMTP_DOMAIN: DOMAIN });
    smtpPort = Number(/SMTP receiver listening on 127\.0\.0\.1:(\d+)/.exec(product.output())![1]);
    api = await adminApi(product);
    ({ organizationId } = await installerDashboard(api, { organization: 'Gebouwbeheer Direct', dashboard: 'Storingen GBS', installer: INSTALLER }));
    browser = await launchBrowser();
    admin = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 1000 } });
    installer = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, { viewport: { width: 1440, height: 1000 } });
    phone = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const openConsole = async (page: Page, dashboardId: number) => {
    await page.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .first()
      .waitFor();
    // Gone after a reload or a navigation: proves the row came to the page as it stood.
    await page.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));
  };
  const stayedOpen = (page: Page) => page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen === true);

  test('an admin adds a receiving address and reads it on the sources page; mail to it shows as a row in the open consoles without a reload', async () => {
    const { id: dashboardId } = await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Gebouw Oost', organizationId });
    await api('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarm-email-parsers`, {
      type: 'DEFAULT',
      name: 'Onderwerp als regel',
      enabled: true,
      sourceId: null,
      config: { match: {}, line: '{{subject}}' },
    });

    // The admin adds the address in the dialog, which shows it to copy, and then on the source's card.
    await admin.goto(`${product.url}/app/alarms/${dashboardId}/emails/sources`);
    await admin.getByText('Er zijn nog geen bronnen.').waitFor();
    await admin.getByRole('button', { name: 'Adres toevoegen' }).click();
    const dialog = admin.getByRole('dialog', { name: 'E-mailadres toevoegen' });
    await dialog.getByLabel('Naam').fill('Gebouwbeheersysteem');
    await dialog.getByRole('button', { name: 'Adres toevoegen' }).click();
    const address = (await dialog.getByTestId('created-address').locator('code').textContent())!.trim();
    expect(address).toMatch(new RegExp(`^[a-z0-9]{12}@${DOMAIN.replace(/\./g, '\\.')}$`));
    await dialog.getByRole('button', { name: 'Klaar' }).click();
    const card = admin.getByTestId('source-card').filter({ has: admin.getByRole('heading', { name: 'Gebouwbeheersysteem', exact: true }) });
    await expect.poll(() => card.getByTestId('source-address').textContent()).toBe(address);
    await card.getByText('Nog geen e-mail').waitFor();
    await shot(admin, 'smtp-source-1440');

    // The installer has the console open, on a desktop and on a phone.
    await openConsole(installer, dashboardId);
    await openConsole(phone, dashboardId);
    expect(await installer.getByTestId('alarm-row').count()).toBe(0);

    const before = Date.now();
    const info = await send(address, 'Luchtbehandeling 2: filter vervuild');
    expect(info.response).toMatch(/^250 /);
    for (const page of [installer, phone]) {
      const row = page.getByTestId('alarm-row').filter({ hasText: 'Luchtbehandeling 2: filter vervuild' });
      await row.waitFor({ timeout: 10_000 });
      const shown = (await row.textContent())!;
      // Received in Amsterdam time, the minute of sending (or the next, at a minute's turn).
      expect(
        [amsterdam(before), amsterdam(Date.now())].some((t) => shown.includes(`Ontvangen ${t}`)),
        shown,
      ).toBe(true);
      expect(await stayedOpen(page)).toBe(true);
      expect(await page.getByTestId('alarm-row').count()).toBe(1);
    }
    expect(await fitsWidth(phone)).toBe(true);
    await shot(installer, 'smtp-console-1440');
    await shot(phone, 'smtp-console-390');

    // The admin's sources page now shows the address receiving.
    await admin.reload();
    await card.getByText('Ontvangt').waitFor();
  });

  test('the sources page with a receiving address at 390 px: the address is readable and nothing scrolls sideways', async () => {
    const { id: dashboardId } = await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Gebouw West', organizationId });
    const { address } = await api<{ address: string }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/mail-addresses`, { name: 'NAS kelder' });
    const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, PHONE);
    onTestFinished(() => page.context().close());
    await page.goto(`${product.url}/app/alarms/${dashboardId}/emails/sources`);
    const card = page.getByTestId('source-card').filter({ has: page.getByRole('heading', { name: 'NAS kelder', exact: true }) });
    expect(await card.getByTestId('source-address').textContent()).toBe(address);
    expect(await card.getByTestId('source-address').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'smtp-source-390');
  });

  test('mail to an address the product does not know is refused at RCPT with 550, and stored nowhere', async () => {
    const unknown = `onbekend0000@${DOMAIN}`;
    await expect(send(unknown, 'Bestaat niet')).rejects.toMatchObject({ responseCode: 550, command: 'RCPT TO' });
    const { dashboards } = await api<{ dashboards: { id: number }[] }>('GET', '/api/v1/alarms/dashboards/search?page=0&size=100');
    for (const { id } of dashboards) {
      const { emails } = await api<{ emails: { subject: string }[] }>('GET', `/api/v1/alarms/dashboards/${id}/emails?page=0&size=50`);
      expect(emails.map((e) => e.subject)).not.toContain('Bestaat niet');
    }
  });
});
