/**
 * Escalation from mail to phone: a HIGH alarm escalates to the installer on call, the mail with
 * their "Bevestigen" link arrives at a real SMTP server, the link opens in Chromium on a 390 px
 * phone without signing in, and "Bevestigen" acknowledges the alarm as that installer.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { amsterdamIso } from '../src/lib/amsterdam';
import { startSmtp } from '../src-server/testing/smtp';
import { PHONE, fieldLabel, fitsWidth, hasChromium, launchBrowser, signedInPage } from './support/browser';
import { elementShot, shot } from './support/mail';
import { ADMIN, adminApi, escalateHighAlarms, type Product, type RestApi, startProduct } from './support/product';

describe.skipIf(!hasChromium)('escalation and the action link in Chromium', () => {
  let product: Product;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let dashboardId: number;
  let installerId: number;
  let organizationId: number;
  let policyId: number;
  let api: RestApi;

  beforeAll(async () => {
    smtp = await startSmtp();
    product = await startProduct({ SMTP_URL: smtp.url, SMTP_FROM: 'Energiebeheer <alarm@energiebeheer.test>', PUBLIC_URL: 'http://energiebeheer.test' });
    api = await adminApi(product);
    organizationId = (await api<{ id: number }>('PUT', '/api/organizations', { name: 'Koeltechniek Jansen' })).id;
    installerId = (
      await api<{ id: number }>('POST', '/api/users/create', {
        type: 'installer',
        organizationId,
        email: 'jan@example.nl',
        password: 'installateur-wachtwoord',
        fullName: 'Jan Jansen',
      })
    ).id;
    dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Jansen', organizationId })).id;
    policyId = await escalateHighAlarms(api, dashboardId, {
      steps: [
        { afterMinutes: 0, targets: [{ type: 'USER', id: installerId }] },
        { afterMinutes: 15, targets: [{ type: 'ASSIGNABLE' }] },
      ],
      repeat: 1,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await smtp?.close();
  });

  test('the escalation mail’s Bevestigen link acknowledges the alarm as that installer on a 390 px phone', async () => {
    const alarm = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Koelcel 4 te warm', priority: 'HIGH' });
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['jan@example.nl']);
    expect(mail!.mail.subject).toBe('[HOOG] Koelcel 4 te warm');
    const link = /Bevestigen: (http:\/\/energiebeheer\.test\/app\/act\/[\w-]+)/.exec(mail!.mail.text ?? '')![1]!;
    expect(mail!.mail.html).toContain(`href="${link}"`);

    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(link.replace('http://energiebeheer.test', product.url));
    await page.getByText('Koelcel 4 te warm').waitFor();
    await page.getByText('Voor Jan Jansen').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'action-link-390');
    // Opening the page acknowledged nothing.
    expect((await api<{ acknowledgedAt: string | null }>('GET', `/api/v1/alarms/alarms/${alarm.id}`)).acknowledgedAt).toBeNull();

    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await page.getByRole('status').getByText('Het alarm is bevestigd.').waitFor();
    await page.getByText('Bevestigd door Jan Jansen').waitFor();
    await shot(page, 'action-link-390-done');
    const detail = await api<{ acknowledgedAt: string | null; assignees: number[] }>('GET', `/api/v1/alarms/alarms/${alarm.id}`);
    expect(detail.acknowledgedAt).not.toBeNull();
    expect(detail.assignees).toEqual([installerId]);
    const history = await api<{ event: string; actor: { type: string; name: string }; details: Record<string, unknown> }[]>(
      'GET',
      `/api/v1/alarms/alarms/${alarm.id}/history`,
    );
    expect(history.find((h) => h.event === 'acknowledged')).toMatchObject({ actor: { type: 'USER', name: 'Jan Jansen' }, details: { via: 'link' } });

    // The link is spent: opening it again says so in Dutch.
    await page.reload();
    await page.getByText('Deze link is al gebruikt.', { exact: false }).waitFor();

    // The console's panel says who stopped the escalation.
    const admin = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 900 } });
    await admin.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${alarm.id}`);
    await admin.getByText('Escalatie gestopt: bevestigd door Jan Jansen').waitFor();
    await shot(admin, 'alarm-panel-escalation-1440');
  });

  test('the escalation settings read well at 1440 and 390 px', async () => {
    for (const [name, device] of [
      ['1440', { viewport: { width: 1440, height: 900 } }],
      ['390', PHONE],
    ] as const) {
      const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, device);
      await page.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
      await page.getByRole('list', { name: 'Escalaties' }).getByText('Piket').waitFor();
      await page.getByText('Stap 2 (na 15 min): alle gebruikers').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `escalation-settings-${name}`);
    }
  });

  test('an admin edits the policy in its dialog: Dutch messages at the fields, then a new name, a later step and a schedule as target', async () => {
    await api('POST', `/api/v1/organizations/${organizationId}/schedules`, {
      name: 'Storingsdienst',
      layers: [{ name: 'Week', users: [installerId], start: '2026-11-23T08:00', shift: { unit: 'WEEK', count: 1 } }],
    });
    const page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
    await page.getByRole('list', { name: 'Escalaties' }).getByRole('button', { name: 'Bewerken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Escalatie "Piket" bewerken' });
    await expect.poll(() => dialog.getByLabel(fieldLabel('Naam')).inputValue()).toBe('Piket');

    // Wrong input is answered at its field, in Dutch, before anything is sent.
    await dialog.getByLabel(fieldLabel('Naam')).fill('');
    const minutes = dialog.getByLabel('Na (minuten na het alarm)');
    await minutes.nth(1).fill('0');
    await dialog.getByRole('checkbox', { name: 'Alle gebruikers van het dashboard' }).nth(1).uncheck();
    await dialog.getByRole('button', { name: 'Escalatie opslaan' }).click();
    await dialog.getByText('Geef de escalatie een naam.').waitFor();
    await dialog.getByText('Elke stap moet later komen dan de stap ervoor.').waitFor();
    await dialog.getByText('Kies minstens één ontvanger voor elke stap.').waitFor();

    await dialog.getByLabel(fieldLabel('Naam')).fill('Piket nacht');
    await minutes.nth(1).fill('10');
    await dialog.getByRole('checkbox', { name: 'Wie dienst heeft volgens rooster Storingsdienst' }).nth(1).check();
    await dialog.getByRole('button', { name: 'Stap toevoegen' }).click();
    await expect.poll(() => minutes.nth(2).inputValue()).toBe('25');
    await dialog.getByRole('checkbox', { name: 'Alle gebruikers van het dashboard' }).nth(2).check();
    await dialog.getByLabel('Herhalen als niemand bevestigt').selectOption({ label: '2× opnieuw' });
    await elementShot(dialog, 'escalation-edit-1440');
    await dialog.getByRole('button', { name: 'Escalatie opslaan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Stap 2 (na 10 min): wie dienst heeft (Storingsdienst)').waitFor();

    const policy = await api<{ name: string; steps: { afterMinutes: number; targets: unknown[] }[]; repeat: number }>(
      'GET',
      `/api/v1/alarms/escalation-policies/${policyId}`,
    );
    expect(policy).toMatchObject({
      name: 'Piket nacht',
      repeat: 2,
      steps: [
        { afterMinutes: 0, targets: [{ type: 'USER', id: installerId }] },
        { afterMinutes: 10, targets: [{ type: 'SCHEDULE' }] },
        { afterMinutes: 25, targets: [{ type: 'ASSIGNABLE' }] },
      ],
    });

    const phone = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, PHONE);
    await phone.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
    await phone.getByRole('list', { name: 'Escalaties' }).getByRole('button', { name: 'Bewerken' }).click();
    await phone.getByRole('dialog').getByText('Stap 3', { exact: true }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await elementShot(phone.getByRole('dialog'), 'escalation-edit-390');
  });
});

/** 'HH:mm' of an instant on the Amsterdam clock, as the alarm panel writes it. */
const localClock = (iso: string) => amsterdamIso(Date.parse(iso)).slice(11, 16);

describe.skipIf(!hasChromium)(
  'from rota to acknowledged: an admin builds the rota and the escalation in the UI, the one on call acknowledges from the mail',
  () => {
    let product: Product;
    let browser: Browser;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let dashboardId: number;
    let api: RestApi;
    const jan = { email: 'jan.devries@example.nl', fullName: 'Jan de Vries' };
    const piet = { email: 'piet.bakker@example.nl', fullName: 'Piet Bakker' };

    beforeAll(async () => {
      smtp = await startSmtp();
      product = await startProduct({ SMTP_URL: smtp.url, SMTP_FROM: 'Energiebeheer <alarm@energiebeheer.test>', PUBLIC_URL: 'http://energiebeheer.test' });
      api = await adminApi(product);
      const organizationId = (await api<{ id: number }>('PUT', '/api/organizations', { name: 'Storingsdienst Noord' })).id;
      for (const person of [jan, piet]) {
        await api('POST', '/api/users/create', { type: 'installer', organizationId, password: 'installateur-wachtwoord', ...person });
      }
      dashboardId = (await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', { name: 'Storingen Noord', organizationId })).id;
      browser = await launchBrowser();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await product?.stop();
      await smtp?.close();
    });

    test('rota of two installers, step 1 to whoever is on call: the panel and the header name Jan, Jan acknowledges on his phone, the history says so', async () => {
      const admin = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password, { viewport: { width: 1440, height: 900 } });

      // The rota: one layer, Jan then Piet a day each, the first handoff an hour ago, so Jan is on call now.
      await admin.goto(`${product.url}/app/schedules`);
      await admin.getByRole('heading', { name: 'Piketdienst' }).waitFor();
      await admin.getByRole('button', { name: 'Rooster maken' }).click();
      const create = admin.getByRole('dialog');
      await create.getByLabel(fieldLabel('Organisatie')).selectOption({ label: 'Storingsdienst Noord' });
      await create.getByLabel(fieldLabel('Naam')).fill('Nachtdienst');
      await create.getByRole('button', { name: 'Rooster maken' }).click();
      await admin.waitForURL(/\/app\/schedules\/\d+$/);
      await admin.getByRole('button', { name: 'Laag toevoegen' }).click();
      const layer = admin.getByRole('dialog');
      await layer.getByLabel(fieldLabel('Naam van de laag')).fill('Storingen');
      const people = layer.getByLabel(fieldLabel('Mensen, in volgorde van hun beurt'));
      await people.selectOption({ label: jan.fullName });
      await people.selectOption({ label: piet.fullName });
      await layer.getByLabel(fieldLabel('Eerste overdracht')).fill(amsterdamIso(Date.now() - 3_600_000).slice(0, 16));
      await layer.getByRole('button', { name: 'Laag opslaan' }).click();
      await layer.waitFor({ state: 'detached' });
      await admin.getByText(`${jan.fullName} → ${piet.fullName}`).waitFor();
      await expect.poll(() => admin.getByTestId('on-call-now').textContent()).toContain(`Nu dienst: ${jan.fullName}`);

      // The escalation: step 1 whoever is on call on that rota, step 2 after 15 minutes everyone; a rule starts it on HIGH alarms.
      await admin.goto(`${product.url}/app/alarms/${dashboardId}/settings/notifications`);
      const policyForm = admin.locator('form', { has: admin.getByRole('button', { name: 'Escalatie toevoegen' }) });
      await policyForm.getByLabel(fieldLabel('Naam')).fill('Piket');
      await policyForm.getByRole('checkbox', { name: 'Wie dienst heeft volgens rooster Nachtdienst' }).first().check();
      await policyForm.getByRole('button', { name: 'Stap toevoegen' }).click();
      await expect.poll(() => policyForm.getByLabel('Na (minuten na het alarm)').nth(1).inputValue()).toBe('15');
      await policyForm.getByRole('checkbox', { name: 'Alle gebruikers van het dashboard' }).nth(1).check();
      await policyForm.getByRole('button', { name: 'Escalatie toevoegen' }).click();
      await admin.getByRole('list', { name: 'Escalaties' }).getByText('Piket').waitFor();
      const ruleForm = admin.locator('form', { has: admin.getByRole('button', { name: 'Regel toevoegen' }) });
      await ruleForm.getByLabel(fieldLabel('Naam')).fill('Escalatie HOOG');
      await ruleForm.getByLabel(fieldLabel('Kanaal')).selectOption({ label: 'Escalatie (per stap, tot iemand bevestigt)' });
      await ruleForm.getByLabel('Escalatie', { exact: true }).selectOption({ label: 'Piket' });
      await ruleForm.getByRole('button', { name: 'Regel toevoegen' }).click();
      await admin.getByText('Escalatie "Piket"').waitFor();

      // A monitoring tool raises a HIGH alarm.
      const alarm = await api<{ id: number }>('POST', `/api/v1/alarms/dashboards/${dashboardId}/alarms`, { line: 'Ketel 2 in storing', priority: 'HIGH' });
      const { receivedAt } = await api<{ receivedAt: string }>('GET', `/api/v1/alarms/alarms/${alarm.id}`);
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(jan.email)).length, { timeout: 20_000 }).toBe(1);
      // Step 1 reached only the one on call.
      expect(smtp.mails.map((m) => m.to)).toEqual([[jan.email]]);

      // The panel: step 1 of 2 reached Jan, the next step 15 minutes after the alarm on the local clock; the header: Jan is on call.
      await admin.goto(`${product.url}/app/alarms/${dashboardId}/folders/inbox?alarm=${alarm.id}`);
      const nextStep = localClock(new Date(Date.parse(receivedAt) + 15 * 60_000).toISOString());
      const escalation = admin.getByRole('region', { name: 'Escalatie', exact: true });
      // The policy's name, then its state, word for word.
      await expect
        .poll(() => escalation.getByRole('listitem').first().textContent(), { timeout: 20_000 })
        .toBe(`Piket: Stap 1 van 2 — ${jan.fullName}, volgende stap om ${nextStep}`);
      const header = admin.getByTitle(`Dienst nu: ${jan.fullName}`);
      await expect.poll(() => header.textContent()).toBe(`Dienst:${jan.fullName}`);
      expect(await header.getByText('Dienst:').isVisible()).toBe(true);
      await shot(admin, 'escalation-journey-panel-1440');

      // Jan opens the mail's link on his phone, not signed in, and acknowledges.
      const link = /Bevestigen: (http:\/\/energiebeheer\.test\/app\/act\/[\w-]+)/.exec(smtp.mails[0]!.mail.text ?? '')![1]!;
      const phone = await (await browser.newContext(PHONE)).newPage();
      await phone.goto(link.replace('http://energiebeheer.test', product.url));
      await phone.getByText('Ketel 2 in storing').waitFor();
      await phone.getByText(`Voor ${jan.fullName}`).waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await phone.getByRole('button', { name: 'Bevestigen' }).click();
      await phone.getByRole('status').getByText('Het alarm is bevestigd.').waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await shot(phone, 'escalation-journey-act-390');
      await phone.context().close();

      // The console: the escalation stopped by Jan, and the history names him and the link.
      await escalation.getByText(`Escalatie gestopt: bevestigd door ${jan.fullName}`).waitFor({ timeout: 20_000 });
      const history = admin.getByRole('region', { name: 'Geschiedenis', exact: true });
      await history.getByText(`Bevestigd door ${jan.fullName} (via de link in een melding)`).waitFor();
      await history.getByText(`Escalatie stap 1: ${jan.fullName}`).waitFor();
      await shot(admin, 'escalation-journey-history-1440');
      const entries = await api<{ event: string; actor: { type: string; name: string }; details: Record<string, unknown> }[]>(
        'GET',
        `/api/v1/alarms/alarms/${alarm.id}/history`,
      );
      expect(entries.find((e) => e.event === 'escalated')).toMatchObject({ details: { step: 1 } });
      expect(entries.find((e) => e.event === 'acknowledged')).toMatchObject({ actor: { type: 'USER', name: jan.fullName }, details: { via: 'link' } });
    });
  },
);
