/**
 * Onboarding. An admin invites a customer (with SMTP: mailed; without: the link
 * shown once with a copy button), the invitee chooses a password on a phone and is signed in;
 * "Wachtwoord vergeten" answers the same for any address and the mailed link sets a new password.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtp } from '../src-server/testing/smtp';
import { hasChromium, launchBrowser, PHONE, seriousA11yViolations, signedInPage, signIn } from './support/browser';
import { shot } from './support/mail';
import { ADMIN, adminApi, type Product, type RestApi, startProduct } from './support/product';

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const NEUTRAL = /Als er een account met dit e-mailadres bestaat, hebben we een e-mail gestuurd/;

describe.skipIf(!hasChromium)('inviting users and resetting passwords', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailing: Product;
  let silent: Product;
  let browser: Browser;
  const locations = new Map<Product, number>();
  const apis = new Map<Product, RestApi>();

  async function seed(product: Product) {
    const api = await adminApi(product);
    const org = await api<{ id: number }>('PUT', '/api/organizations', { name: 'Zonnedak Installaties' });
    const location = await api<{ id: number }>('POST', '/api/locations', {
      organizationId: org.id,
      name: 'Bakkerij Jansen',
      country: 'Nederland',
      state: 'Utrecht',
      city: 'Utrecht',
      streetAddress: 'Stationsstraat 1',
      zipcode: '3511 AB',
    });
    locations.set(product, location.id);
    apis.set(product, api);
    await api('POST', '/api/users/create', { type: 'customer', locationIds: [location.id], email: 'bestaand@example.nl', password: 'oud-wachtwoord-123' });
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    [mailing, silent] = await Promise.all([startProduct({ SMTP_URL: smtp.url, SMTP_FROM: 'Energiebeheer <noreply@example.nl>' }), startProduct()]);
    await Promise.all([seed(mailing), seed(silent)]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([mailing?.stop(), silent?.stop()]);
    await smtp?.close();
  });

  async function inviteCustomer(page: Page, product: Product, email: string) {
    await page.goto(`${product.url}/app/admin/users/create/customer`);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Naam').fill('Piet Jansen');
    await page.getByRole('button', { name: 'Uitnodigen per e-mail' }).click();
    expect(await page.getByLabel('Wachtwoord').count()).toBe(0);
    await page.getByRole('checkbox', { name: /Bakkerij Jansen/ }).check();
    // The toggle colours fade for 150 ms: the screenshot waits for them (nothing is asserted on it).
    await page.waitForTimeout(400);
    await shot(page, `onboarding-invite-form-${email.split('@')[0]}`);
    await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    return page.getByLabel('Uitnodigingslink');
  }

  const linkIn = (text: string, path: string) => new URL(text.match(new RegExp(`http\\S+${path}\\?token=[\\w-]+`))![0]);

  test('without SMTP the admin sees the invitation link once, with a copy button', async () => {
    const page = await signedInPage(browser, silent.url, ADMIN.email, ADMIN.password, DESKTOP);
    const link = await inviteCustomer(page, silent, 'klant-zonder-smtp@example.nl');
    await page.getByText('Geef deze link zelf door').waitFor();
    await page.getByText(/Er is geen SMTP-server ingesteld/).waitFor();
    expect(await link.textContent()).toMatch(/\/app\/invitation\?token=[\w-]{43}$/);
    await page.getByRole('button', { name: 'Link kopiëren' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'onboarding-invite-no-smtp-1440');
    await page.getByRole('link', { name: 'Naar de gebruiker' }).click();
    await page.waitForURL(/\/app\/admin\/user\/\d+$/);
  });

  test('with SMTP the invitation is mailed; the invitee chooses a password on a phone and is signed in', async () => {
    const admin = await signedInPage(browser, mailing.url, ADMIN.email, ADMIN.password, DESKTOP);
    const shown = await (await inviteCustomer(admin, mailing, 'piet@jansen.nl')).textContent();
    await admin.getByText('Uitnodiging verstuurd').waitFor();
    await shot(admin, 'onboarding-invite-mailed-1440');
    await expect.poll(() => smtp.mails.length).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['piet@jansen.nl']);
    expect(mail.mail.subject).toBe('Uitnodiging voor Energiebeheer');
    const link = linkIn(mail.mail.text!, '/app/invitation');
    expect(shown).toBe(link.href);

    const phone = await (await browser.newContext(PHONE)).newPage();
    await phone.goto(`${mailing.url}${link.pathname}${link.search}`);
    await phone.getByRole('heading', { name: 'Welkom bij Energiebeheer' }).waitFor();
    await phone.getByLabel('Nieuw wachtwoord').fill('kort');
    await phone.getByLabel('Herhaal het wachtwoord').fill('anders');
    await phone.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();
    await phone.getByText('Het wachtwoord moet minstens 12 tekens lang zijn.').waitFor();
    await phone.getByText('De wachtwoorden zijn niet gelijk.').waitFor();
    await shot(phone, 'onboarding-accept-errors-390');
    await phone.getByLabel('Nieuw wachtwoord').fill('mijn eigen wachtwoord');
    await phone.getByLabel('Herhaal het wachtwoord').fill('mijn eigen wachtwoord');
    await phone.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();
    // A customer goes straight to the dashboard area.
    await phone.waitForURL(/\/app\/dashboard/);
    await shot(phone, 'onboarding-accepted-390');

    // The link works once.
    const again = await (await browser.newContext(PHONE)).newPage();
    await again.goto(`${mailing.url}${link.pathname}${link.search}`);
    await again.getByLabel('Nieuw wachtwoord').fill('nog een wachtwoord dan');
    await again.getByLabel('Herhaal het wachtwoord').fill('nog een wachtwoord dan');
    await again.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();
    await again.getByText(/Deze uitnodiging is al gebruikt/).waitFor();
    await shot(again, 'onboarding-invite-used-390');
  });

  for (const [size, device] of [
    ['390', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    test(`"Wachtwoord vergeten" answers the same for any address; the mailed link sets a new password (${size} px)`, async () => {
      const page = await (await browser.newContext(device)).newPage();
      const email = `vergeten-${size}@example.nl`;
      await apis.get(mailing)!('POST', '/api/users/create', { type: 'customer', locationIds: [locations.get(mailing)], email, password: 'oud-wachtwoord-123' });
      const before = smtp.mails.length;
      await page.goto(`${mailing.url}/app/login`);
      await page.getByRole('link', { name: 'Wachtwoord vergeten' }).click();
      await page.waitForURL(`${mailing.url}/app/password-reset`);
      await page.getByRole('heading', { name: 'Wachtwoord vergeten' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByLabel('E-mailadres').fill(`niemand-${size}@example.nl`);
      await page.getByRole('button', { name: 'Link versturen' }).click();
      const unknownAnswer = await page
        .getByText(NEUTRAL)
        .textContent({ timeout: 5000 })
        .catch(async (error) => {
          await shot(page, `onboarding-forgot-failed-${size}`);
          throw error;
        });
      await shot(page, `onboarding-forgot-answer-${size}`);
      await page.reload();
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByRole('button', { name: 'Link versturen' }).click();
      expect(await page.getByText(NEUTRAL).textContent()).toBe(unknownAnswer);
      await expect.poll(() => smtp.mails.length).toBe(before + 1);
      const mail = smtp.mails[before]!;
      expect(mail.to).toEqual([email]);
      expect(mail.mail.subject).toBe('Wachtwoord opnieuw instellen');

      const link = linkIn(mail.mail.text!, '/app/password-reset');
      await page.goto(`${mailing.url}${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'Nieuw wachtwoord kiezen' }).waitFor();
      await page.getByLabel('Nieuw wachtwoord').fill('een nieuw wachtwoord');
      await page.getByLabel('Herhaal het wachtwoord').fill('een nieuw wachtwoord');
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await page.getByText('Wachtwoord gewijzigd').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `onboarding-reset-done-${size}`);
      await page.getByRole('link', { name: 'Terug naar inloggen' }).click();
      await signIn(page, mailing.url, email, 'een nieuw wachtwoord');
      await page.waitForURL(/\/app\/dashboard/);
    });
  }
});
