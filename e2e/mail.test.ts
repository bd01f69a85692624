import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GraphSimulator, startGraphSimulator } from '../src-server/modules/mail-sources/graph/graph-simulator';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../src-server/testing/dovecot';
import { fieldLabel, fitsWidth, hasChromium, launchBrowser, PHONE, seriousA11yViolations, signedInPage } from './support/browser';
import { deliver, hostileMail, htmlMail, shot } from './support/mail';
import { adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'ingrid@example.nl', password: 'installateur-wachtwoord', fullName: 'Ingrid Installateur' };
const MAILBOX = { user: 'alarm@example.nl', password: 'mailbox-wachtwoord' };
const HOSTILE_SUBJECT = `<img src=x onerror=alert(1)> \u202Egnirts lirt\u202C ${'Zeer lange onderwerpregel zonder einde '.repeat(8)}`.trim();
/** As stored and shown: bidi overrides are dropped when the subject is read, the markup stays text. */
const SHOWN_SUBJECT = HOSTILE_SUBJECT.replace(/\p{Bidi_Control}/gu, '');
const HOSTILE_FROM = '<script>alert("van")</script>';

const hasDovecot = dovecotAvailable();

describe.skipIf(!hasChromium || !hasDovecot)('mail sources and the inbox in Chromium', () => {
  let dovecot: TestDovecot;
  let graph: GraphSimulator;
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let installer: Page;
  const dialogs: string[] = [];

  let api: RestApi;
  const base = () => `/api/v1/alarms/dashboards/${dashboardId}`;
  const area = (page: Page, path: string) => page.goto(`${product.url}/app/alarms/${dashboardId}${path}`);
  const card = (page: Page, name: string) => page.getByTestId('source-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const rows = (page: Page) => page.getByTestId('email-row');

  beforeAll(async () => {
    dovecot = await startDovecot({ users: { [MAILBOX.user]: MAILBOX.password } });
    graph = await startGraphSimulator();
    product = await startProduct({ GRAPH_LOGIN_URL: graph.loginUrl, GRAPH_API_URL: graph.apiUrl });
    api = await adminApi(product);
    ({ dashboardId } = await installerDashboard(api, { organization: 'Zonnedak Installaties', dashboard: 'Storingen Zonnedak', installer: INSTALLER }));
    await api('POST', `${base()}/folders`, { name: 'storingen', label: 'Storingen', icon: 'flame', countMode: 'TOTAL', relevant: true });
    browser = await launchBrowser();
    installer = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password);
    // An alert() anywhere would mean a hostile string ran as markup.
    installer.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await graph?.close();
    await dovecot?.close();
  });

  test('an installer adds an IMAP source through the form after a Dutch field error, and the connection test reports the count', async () => {
    const page = installer;
    await area(page, '/emails/sources');
    await page.getByText('Er zijn nog geen bronnen.').waitFor();
    await page.getByRole('button', { name: 'Bron toevoegen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Bron toevoegen' });
    expect(await sheet.getByRole('radio', { name: /IMAP/ }).isChecked()).toBe(true);
    expect(await sheet.getByLabel(fieldLabel('Poort')).inputValue()).toBe('993');
    expect(await sheet.getByLabel(fieldLabel('Map')).inputValue()).toBe('INBOX');
    expect(await sheet.getByLabel(fieldLabel('Ophaalinterval (seconden)')).inputValue()).toBe('60');
    expect(await sheet.getByRole('checkbox', { name: /TLS/ }).isChecked()).toBe(true);

    // A submit with nothing filled in shows every missing field's message at once.
    await sheet.getByRole('button', { name: 'Bron toevoegen' }).click();
    for (const message of [
      'De naam van de bron moet worden opgegeven.',
      'De IMAP-server moet worden opgegeven.',
      'De gebruikersnaam moet worden opgegeven.',
      'Het wachtwoord moet worden opgegeven.',
    ])
      await sheet.getByText(message).waitFor();
    await sheet.getByLabel(fieldLabel('Naam')).fill('Meldkamer');
    await sheet.getByText('De naam van de bron moet worden opgegeven.').waitFor({ state: 'detached' });
    await sheet.getByLabel(fieldLabel('Server')).fill('127.0.0.1');
    await sheet.getByLabel(fieldLabel('Poort')).fill('70000');
    await sheet.getByLabel(fieldLabel('Poort')).blur();
    await sheet.getByText('De poort ligt tussen 1 en 65535.').waitFor();
    await sheet.getByLabel(fieldLabel('Poort')).fill(String(dovecot.port));
    await sheet.getByRole('checkbox', { name: /TLS/ }).uncheck();
    await sheet.getByLabel(fieldLabel('Gebruikersnaam')).fill(MAILBOX.user);
    await sheet.getByLabel(fieldLabel('Wachtwoord')).fill(MAILBOX.password);
    await sheet.getByLabel('Doelmap voor alarmen').selectOption({ label: 'Storingen' });
    await shot(page, 'sources-form-desktop');
    await sheet.getByRole('button', { name: 'Bron toevoegen' }).click();
    await sheet.waitFor({ state: 'hidden' });

    const source = card(page, 'Meldkamer');
    await source.getByText(`127.0.0.1:${dovecot.port} (zonder TLS)`).waitFor();
    await source.getByText('Storingen', { exact: true }).waitFor();
    const [stored] = await api<{ imapPassword: null; folderId: number }[]>('GET', `${base()}/email-alarm-sources`);
    expect(stored).toMatchObject({ imapPassword: null, imapSecure: false, pollIntervalSeconds: 60 });

    await source.getByRole('button', { name: 'Verbinding testen' }).click();
    const result = source.getByTestId('source-test-result');
    await expect.poll(() => result.textContent()).toBe(`Verbonden met 127.0.0.1: de map "INBOX" bevat 0 berichten, waarvan 0 ongelezen.`);
    expect(await result.getAttribute('data-ok')).toBe('true');
  });

  test('two hostile e-mails are fetched with "Nu ophalen", parsed at once (no parsers yet: no alarm) and shown as text', async () => {
    const page = installer;
    await deliver(dovecot, MAILBOX.user, [htmlMail('Storing pomp 3'), hostileMail(HOSTILE_SUBJECT, HOSTILE_FROM)]);
    const source = card(page, 'Meldkamer');
    await source.getByRole('button', { name: 'Nu ophalen' }).click();
    await expect.poll(() => source.getByTestId('source-fetch-result').getAttribute('data-ok')).toBe('true');
    await expect.poll(() => source.getByTestId('source-stored').textContent()).toBe('2 e-mails');
    await expect.poll(() => source.getByTestId('source-status').textContent()).toBe('Verbonden');
    await shot(page, 'sources-desktop');

    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: /^Ontvangen e-mails/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Ontvangen e-mails' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    // Stored mail goes to the parsers at once; without parsers it makes no alarm.
    await expect.poll(() => rows(page).getByTestId('parsing-status').filter({ visible: true }).allTextContents()).toEqual(['Geen alarm', 'Geen alarm']);
    const hostile = rows(page).first();
    const subject = hostile.getByRole('button');
    expect(await subject.textContent()).toBe(SHOWN_SUBJECT);
    expect(await hostile.locator('bdi[title]').first().getAttribute('title')).toBe(SHOWN_SUBJECT);
    await hostile.getByText(`${HOSTILE_FROM} <evil@example.nl>`).filter({ visible: true }).waitFor();
    // The subject is cut short on one line rather than stretching the table.
    expect(await subject.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(40);
    expect(await page.getByTestId('email-table').locator('img, script').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await shot(page, 'inbox-desktop');
  });

  test('the HTML e-mail opens from the URL in a frame with an empty sandbox; nothing in it runs', async () => {
    const page = installer;
    const row = rows(page).filter({ hasText: 'Storing pomp 3' });
    expect(await row.getByRole('button').getAttribute('data-unread')).toBe('true');
    await row.getByRole('button').click();
    await page.waitForURL(/[?&]email=\d+/);
    const emailId = Number(new URL(page.url()).searchParams.get('email'));
    // Opening marks it read (reading over the API does not); the inbox row follows once the panel closes.
    await expect.poll(async () => (await api<{ readAt: string | null }>('GET', `/api/v1/alarms/emails/${emailId}`)).readAt).not.toBeNull();
    const panel = page.getByRole('dialog', { name: 'Storing pomp 3' });
    const headers = panel.getByTestId('email-headers');
    await headers.getByText('<html-alarm-1@gbs.example.nl>').waitFor();
    await headers.getByText('Gebouwbeheer <gbs@example.nl>').waitFor();
    await headers.getByText('03-03-2026 09:15').waitFor();
    await panel.getByText('Alle kopregels', { exact: false }).click();
    await panel.getByTestId('email-all-headers').getByText('message-id:', { exact: false }).waitFor();
    expect(await panel.getByTestId('email-text').textContent()).toContain('Pomp 3 in storing (tekstversie).');
    await panel.getByText('Er is geen parser die dit bericht herkent.').waitFor();

    await panel.getByRole('button', { name: 'HTML' }).click();
    const frame = panel.getByTestId('email-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const srcdoc = (await frame.getAttribute('srcdoc'))!;
    expect(srcdoc).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
    expect(srcdoc).not.toMatch(/<script|onerror/i);
    const content = page.frameLocator('[data-testid="email-html"]');
    await content.getByText('Pomp 3 in storing').waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    const inner = page.frames().find((f) => f !== page.mainFrame())!;
    // The frame has an opaque origin (no same-origin), its own policy, and nothing of the mail ran in it.
    expect(await inner.evaluate(() => window.origin)).toBe('null');
    expect(await inner.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'))).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    );
    expect(await inner.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await shot(page, 'inbox-email-html-desktop');

    // A deep link, as the alarm panel makes it, opens the same e-mail.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByRole('button').getAttribute('data-unread')).toBeNull();
    await area(page, `/emails/inbox?email=${emailId}`);
    await page.getByRole('dialog', { name: 'Storing pomp 3' }).getByTestId('email-headers').waitFor();
    await page.keyboard.press('Escape');
  });

  test('the inbox filters by status and sorts, with both in the URL', async () => {
    const page = installer;
    await area(page, '/emails/inbox');
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByLabel('Status').selectOption({ label: 'Alarm gemaakt' });
    await page.waitForURL(/status=MATCHED/);
    await page.getByText('Geen e-mails met de status ‘Alarm gemaakt’.').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Geen alarm' });
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByLabel('Sorteren').selectOption({ label: 'Oudste eerst' });
    await page.waitForURL(/sort=receivedAt%2Casc|sort=receivedAt,asc/);
    await expect.poll(() => rows(page).first().getByRole('button').textContent()).toBe('Storing pomp 3');
    await page.reload();
    await expect.poll(() => rows(page).first().getByRole('button').textContent()).toBe('Storing pomp 3');
    expect(await page.getByLabel('Status').inputValue()).toBe('REJECTED');
  });

  test('editing a source keeps its password when left empty; a wrong one shows the Dutch error on the source', async () => {
    const page = installer;
    await area(page, '/emails/sources');
    const source = card(page, 'Meldkamer');
    await source.getByRole('button', { name: 'Meldkamer bewerken' }).click();
    let sheet = page.getByRole('dialog', { name: 'Bron Meldkamer bewerken' });
    const password = sheet.getByLabel(fieldLabel('Wachtwoord'));
    expect(await password.inputValue()).toBe('');
    await sheet.getByText('Laat leeg om het opgeslagen wachtwoord te houden.').waitFor();
    await shot(page, 'sources-edit-desktop');
    await sheet.getByLabel(fieldLabel('Naam')).fill('Meldkamer Noord');
    await sheet.getByRole('button', { name: 'Opslaan' }).click();
    await sheet.waitFor({ state: 'hidden' });
    const renamed = card(page, 'Meldkamer Noord');
    await renamed.getByRole('button', { name: 'Verbinding testen' }).click();
    await expect.poll(() => renamed.getByTestId('source-test-result').textContent()).toMatch(/^Verbonden met 127\.0\.0\.1: de map "INBOX" bevat 2 berichten/);

    await renamed.getByRole('button', { name: 'Meldkamer Noord bewerken' }).click();
    sheet = page.getByRole('dialog', { name: 'Bron Meldkamer Noord bewerken' });
    await sheet.getByLabel(fieldLabel('Wachtwoord')).fill('niet-het-wachtwoord');
    await sheet.getByRole('button', { name: 'Opslaan' }).click();
    await sheet.waitFor({ state: 'hidden' });
    const refused = `De IMAP-server 127.0.0.1:${dovecot.port} weigert de gebruikersnaam of het wachtwoord.`;
    await renamed.getByRole('button', { name: 'Verbinding testen' }).click();
    await expect.poll(() => renamed.getByTestId('source-test-result').textContent(), { timeout: 15_000 }).toBe(refused);
    expect(await renamed.getByTestId('source-test-result').getAttribute('data-ok')).toBe('false');
    await renamed.getByRole('button', { name: 'Nu ophalen' }).click();
    await expect.poll(() => renamed.getByTestId('source-status').textContent(), { timeout: 15_000 }).toBe('Fout');
    expect(await renamed.getByTestId('source-error').textContent()).toBe(`Laatste fout: ${refused}`);
    await shot(page, 'sources-error-desktop');

    await renamed.getByRole('button', { name: 'Meldkamer Noord bewerken' }).click();
    sheet = page.getByRole('dialog', { name: 'Bron Meldkamer Noord bewerken' });
    await sheet.getByLabel(fieldLabel('Wachtwoord')).fill(MAILBOX.password);
    await sheet.getByRole('button', { name: 'Opslaan' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await renamed.getByRole('button', { name: 'Nu ophalen' }).click();
    await expect.poll(() => renamed.getByTestId('source-status').textContent(), { timeout: 15_000 }).toBe('Verbonden');
  });

  test('a Microsoft 365 source is added with its defaults, tested and fetched from the Graph simulator', async () => {
    const page = installer;
    graph.deliver(htmlMail('Storing ventilatie').replace('html-alarm-1@', 'graph-1@'));
    await page.getByRole('button', { name: 'Bron toevoegen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Bron toevoegen' });
    await sheet.getByText('Microsoft 365', { exact: true }).click();
    expect(await sheet.getByLabel(fieldLabel('Map')).inputValue()).toBe('Inbox');
    expect(await sheet.getByLabel(fieldLabel('Categorie voor verwerkte berichten')).inputValue()).toBe('Verwerkt');
    await sheet.getByRole('button', { name: 'Bron toevoegen' }).click();
    await sheet.getByText('De tenant id moet worden opgegeven.').waitFor();
    await sheet.getByLabel(fieldLabel('Naam')).fill('Kantoor 365');
    await sheet.getByLabel(fieldLabel('Tenant id')).fill(graph.tenantId);
    await sheet.getByLabel(fieldLabel('Client id')).fill(graph.clientId);
    await sheet.getByLabel(fieldLabel('Client secret')).fill(graph.clientSecret);
    await sheet.getByLabel(fieldLabel('Gedeelde mailbox')).fill(graph.mailbox);
    await sheet.getByRole('button', { name: 'Bron toevoegen' }).click();
    await sheet.waitFor({ state: 'hidden' });
    const source = card(page, 'Kantoor 365');
    await source.getByText(graph.mailbox).waitFor();
    await source.getByRole('button', { name: 'Verbinding testen' }).click();
    await expect
      .poll(() => source.getByTestId('source-test-result').textContent())
      .toBe(`Verbinding gelukt: de map "Inbox" in ${graph.mailbox} bevat 1 bericht zonder de categorie "Verwerkt".`);
    await source.getByRole('button', { name: 'Nu ophalen' }).click();
    await expect.poll(() => source.getByTestId('source-stored').textContent()).toBe('1 e-mail');
    expect(graph.messages()[0]!.categories).toEqual(['Verwerkt']);
  });

  test('deleting a source asks first and keeps its e-mails', async () => {
    const page = installer;
    await card(page, 'Kantoor 365').getByRole('button', { name: 'Kantoor 365 verwijderen' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/De e-mails die al zijn opgeslagen, blijven bewaard/).waitFor();
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await card(page, 'Kantoor 365').waitFor({ state: 'detached' });
    const { emails } = await api<{ emails: { subject: string }[] }>('GET', `${base()}/emails?page=0&size=20`);
    expect(emails.map((e) => e.subject)).toContain('Storing ventilatie');
  });

  test('the sources page and the inbox with an open e-mail have no serious accessibility violations', async () => {
    const page = installer;
    await area(page, '/emails/sources');
    await page.getByTestId('source-card').first().waitFor();
    expect(await seriousA11yViolations(page), 'sources').toEqual([]);
    await area(page, '/emails/inbox');
    await rows(page).first().waitFor();
    expect(await seriousA11yViolations(page), 'inbox').toEqual([]);
    await rows(page).filter({ hasText: 'Storing pomp 3' }).getByRole('button').click();
    await page.getByRole('dialog').getByTestId('email-headers').waitFor();
    expect(await seriousA11yViolations(page), 'e-mail').toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('while the dashboard is not customizable, an installer sees the sources but cannot change them', async () => {
    await api('PATCH', `${base()}/settings/customizable`, { customizable: false });
    const page = installer;
    await area(page, '/emails/sources');
    await card(page, 'Meldkamer Noord').waitFor();
    await page.getByText('Dit dashboard is niet aanpasbaar', { exact: false }).waitFor();
    for (const name of ['Bron toevoegen', 'Verbinding testen', 'Nu ophalen']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await api('PATCH', `${base()}/settings/customizable`, { customizable: true });
  });

  test('on a 390 px wide phone the sources page, the inbox and an open e-mail scroll only vertically', async () => {
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await area(page, '/emails/sources');
    await page.getByTestId('source-card').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'sources-phone');
    await page.getByRole('button', { name: 'Bron toevoegen' }).click();
    await page.getByRole('dialog', { name: 'Bron toevoegen' }).getByLabel(fieldLabel('Naam')).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'sources-form-phone');
    await page.keyboard.press('Escape');
    await area(page, '/emails/inbox');
    await rows(page).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'inbox-phone');
    await rows(page)
      .filter({ hasText: HOSTILE_SUBJECT.slice(0, 20) })
      .getByRole('button')
      .click();
    await page.getByRole('dialog').getByTestId('email-headers').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'inbox-email-phone');
    await page.context().close();
  });
});
