import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GraphSimulator, startGraphSimulator } from '../src-server/modules/mail-sources/graph/graph-simulator';
import { fieldLabel, fitsWidth, hasChromium, launchBrowser, PHONE, seriousA11yViolations, signedInPage } from './support/browser';
import { shot } from './support/mail';
import { adminApi, installerDashboard, type Product, type RestApi, startProduct } from './support/product';

const INSTALLER = { email: 'ingrid@example.nl', password: 'installateur-wachtwoord', fullName: 'Ingrid Installateur' };
const SUBJECT_PATTERN = '^Alarm: (?<melding>.+?) op (?<installatie>\\S+)';
const CUSTOM_CODE = `function parse(email) {
  if (!/nieuwsbrief/i.test(email.subject)) return { reject: 'Geen nieuwsbrief' };
  return { line: 'Nieuwsbrief: ' + email.subject, priority: 'LOW' };
}`;

let sequence = 0;
/** A plain-text e-mail from the building management system. */
const mail = (subject: string, body: string) =>
  [
    'From: Gebouwbeheer <gbs@example.nl>',
    'To: alarmen@example.nl',
    `Subject: ${subject}`,
    `Date: Tue, 03 Mar 2026 09:${String(10 + sequence).padStart(2, '0')}:00 +0100`,
    `Message-ID: <parser-${++sequence}@gbs.example.nl>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

describe.skipIf(!hasChromium)('parsers in Chromium', () => {
  let graph: GraphSimulator;
  let product: Product;
  let browser: Browser;
  let dashboardId: number;
  let installer: Page;

  let api: RestApi;
  const base = () => `/api/v1/alarms/dashboards/${dashboardId}`;
  const area = (page: Page, path: string) => page.goto(`${product.url}/app/alarms/${dashboardId}${path}`);
  const parserRows = (page: Page) => page.getByTestId('parser-row');
  const statuses = async () =>
    (await api<{ emails: { parsingStatus: string }[] }>('GET', `${base()}/emails?page=0&size=20`)).emails.map((e) => e.parsingStatus).sort();
  const parsers = () => api<{ name: string; enabled: boolean; type: string; config?: unknown }[]>('GET', `${base()}/alarm-email-parsers`);
  /** Chooses the stored e-mail to try the parser on, by its subject. */
  async function chooseEmail(form: Locator, subject: string) {
    const select = form.getByLabel('Voorbeeld-e-mail');
    const value = await select.locator('option', { hasText: `${subject} ·` }).getAttribute('value');
    await select.selectOption(value!);
  }

  beforeAll(async () => {
    graph = await startGraphSimulator();
    product = await startProduct({ GRAPH_LOGIN_URL: graph.loginUrl, GRAPH_API_URL: graph.apiUrl });
    api = await adminApi(product);
    ({ dashboardId } = await installerDashboard(api, { organization: 'Zonnedak Installaties', dashboard: 'Storingen Zonnedak', installer: INSTALLER }));
    const source = await api<{ id: number }>('POST', `${base()}/email-alarm-sources`, graph.sourceSettings('Kantoor 365', 'Inbox', 3600));
    graph.deliver(mail('Alarm: hoge druk op WKK-2', 'Locatie: Utrecht\r\nStatus: storing'));
    graph.deliver(mail('Alarm: lage temperatuur op KV-1', 'Locatie: Zeist\r\nStatus: waarschuwing'));
    graph.deliver(mail('Alarm: hoge druk op WKK-2 (herhaling)', 'Locatie: Utrecht\r\nStatus: storing'));
    graph.deliver(mail('Nieuwsbrief november', 'Het laatste nieuws van Gebouwbeheer.'));
    await api('POST', `/api/v1/alarms/sources/${source.id}/fetch-now`);
    browser = await launchBrowser();
    installer = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await graph?.close();
  });

  test('an installer writes a DEFAULT parser in the form, dry-runs it on stored e-mails and saves it; no JSON is typed', async () => {
    // Without parsers every e-mail is rejected.
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['REJECTED', 'REJECTED', 'REJECTED', 'REJECTED']);
    const page = installer;
    await area(page, '/emails/parsers');
    await page.getByText('Nog geen parsers.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Parser toevoegen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Parser toevoegen' }).waitFor();
    expect(await page.getByRole('radio', { name: /Regels/ }).isChecked()).toBe(true);
    const form = page.getByRole('main');

    await form.getByLabel(fieldLabel('Naam')).first().fill('Storingen GBS');
    const subject = form.getByLabel(fieldLabel('Onderwerp'));
    await subject.fill('^Alarm: (');
    await subject.blur();
    await form.getByText('Dit is geen geldige reguliere expressie.').waitFor();
    await subject.fill(SUBJECT_PATTERN);
    await subject.blur();
    await form.getByText('Dit is geen geldige reguliere expressie.').waitFor({ state: 'detached' });

    await form.getByRole('button', { name: 'Gegeven toevoegen' }).click();
    const data = form.getByTestId('data-field').first();
    await data.getByLabel(fieldLabel('Naam')).fill('status');
    await data.getByLabel(fieldLabel('Patroon')).fill('^Status: (.+)$');
    expect(await data.getByLabel('Zoeken in').inputValue()).toBe('body');

    const line = form.getByLabel(fieldLabel('Melding (sjabloon)'));
    expect(await line.inputValue()).toBe('{{subject}}');
    await line.fill('');
    for (const name of ['installatie', 'melding', 'status']) await form.getByRole('button', { name: `{{${name}}} invoegen in melding (sjabloon)` }).click();
    expect(await line.inputValue()).toBe('{{installatie}} {{melding}} {{status}}');
    await line.fill('{{installatie}}: {{melding}} ({{status}})');

    await form.getByRole('button', { name: 'Regel toevoegen' }).click();
    const rule = form.getByTestId('priority-rule').first();
    await rule.getByLabel('Veld', { exact: true }).selectOption({ label: 'Tekst' });
    await rule.getByLabel(fieldLabel('Patroon')).fill('storing');
    await rule.getByLabel('Prioriteit', { exact: true }).selectOption({ label: 'Hoog' });
    await form.getByLabel('Deadline (minuten na ontvangst)').fill('30');
    await form.getByLabel('Herhalingen groeperen').check();
    await form.getByLabel(fieldLabel('Groeperingssleutel (sjabloon)')).fill('{{installatie}}');

    // The live preview follows the chosen e-mail; the dry run asks the server.
    await chooseEmail(form, 'Alarm: hoge druk op WKK-2');
    await expect.poll(() => form.getByTestId('template-preview-text').first().textContent()).toBe('WKK-2: hoge druk (storing)');
    // A pattern that backtracks without end (here ~50 s on this body) never freezes the page: the
    // preview runs in a worker and gives up after the parser time limit; the page keeps answering.
    const body = form.getByLabel(fieldLabel('Tekst'));
    await body.fill('(.*.*)*x');
    await form.getByTestId('template-preview-slow').first().waitFor();
    await body.fill('');
    await expect.poll(() => form.getByTestId('template-preview-text').first().textContent()).toBe('WKK-2: hoge druk (storing)');
    await form.getByRole('button', { name: 'Proefdraaien' }).click();
    const result = form.getByTestId('dry-run-result');
    await expect.poll(() => result.getAttribute('data-type')).toBe('MATCHED');
    expect(await result.getByTestId('dry-run-line').textContent()).toBe('WKK-2: hoge druk (storing)');
    await result.getByText('Hoog', { exact: true }).waitFor();
    await result.getByText('Inbox', { exact: true }).waitFor();
    await shot(page, 'parser-default-dry-run-desktop');

    await chooseEmail(form, 'Nieuwsbrief november');
    await form.getByText('deze e-mail past niet bij het patroon voor onderwerp', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Proefdraaien' }).click();
    await expect.poll(() => result.getAttribute('data-type')).toBe('REJECTED');

    await form.getByRole('button', { name: 'Parser toevoegen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Parsers' }).waitFor();
    const row = parserRows(page).first();
    await row.getByText('Storingen GBS').waitFor();
    await row.getByText('Regels', { exact: true }).waitFor();
    await row.getByText('Alle bronnen', { exact: true }).waitFor();
    expect(await row.getByTestId('parser-last24h').textContent()).toBe('Laatste 24 uur: 0 alarmen · 0 mislukt · 0 afgewezen');
    const [stored] = await parsers();
    expect(stored!.config).toEqual({
      match: { subject: SUBJECT_PATTERN },
      line: '{{installatie}}: {{melding}} ({{status}})',
      priority: [{ field: 'body', pattern: 'storing', priority: 'HIGH' }],
      data: [{ name: 'status', field: 'body', pattern: '^Status: (.+)$' }],
      deadlineMinutes: 30,
      folderId: null,
      group: { key: '{{installatie}}', windowMinutes: 60 },
    });
  });

  test('the rejected e-mails are parsed again from the inbox, and the alarms appear in the inbox folder, repeats grouped', async () => {
    const page = installer;
    await area(page, '/emails/inbox');
    await page.getByRole('button', { name: 'Afgewezen berichten opnieuw verwerken' }).click();
    await expect.poll(() => page.getByTestId('reparse-rejected-result').textContent()).toBe('4 afgewezen berichten worden opnieuw verwerkt.');
    await shot(page, 'inbox-reparse-desktop');
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['MATCHED', 'MATCHED', 'MATCHED', 'REJECTED']);

    await area(page, '/folders/inbox');
    const alarms = page.getByTestId('alarm-row');
    await expect.poll(() => alarms.count()).toBe(2);
    const wkk = alarms.filter({ hasText: 'WKK-2: hoge druk (storing)' });
    await wkk.getByText('×2').waitFor();
    await wkk.getByText('Hoog').waitFor();
    await alarms.filter({ hasText: 'KV-1: lage temperatuur (waarschuwing)' }).getByText('Normaal').waitFor();

    // "Originele e-mail bekijken" keeps a way back to the alarm.
    await wkk.getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('link', { name: 'Originele e-mail bekijken' }).click();
    await page.waitForURL(/\/emails\/inbox\?.*fromAlarm=\d+/);
    const back = page.getByRole('dialog').getByRole('link', { name: 'Terug naar het alarm' });
    await back.waitFor();
    await shot(page, 'email-back-to-alarm-desktop');
    await back.click();
    await page.waitForURL(/\/folders\/inbox\?alarm=\d+/);
    await page.getByRole('dialog').getByLabel('Notities').waitFor();
    await page.keyboard.press('Escape');

    // One e-mail again, from its panel: still no parser for the newsletter.
    await area(page, '/emails/inbox?status=REJECTED');
    await page.getByTestId('email-row').first().getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Nieuwsbrief november' });
    await panel.getByRole('button', { name: 'Opnieuw verwerken' }).click();
    await expect.poll(() => panel.getByTestId('reparse-result').textContent()).toBe('Opnieuw verwerkt: geen alarm.');
    await shot(page, 'inbox-email-reparse-desktop');
    await page.keyboard.press('Escape');
  });

  test('a CUSTOM parser is written in the code editor, starting from the example, and dry-run before saving', async () => {
    const page = installer;
    await area(page, '/emails/parsers');
    await page.getByRole('button', { name: 'Parser toevoegen' }).click();
    await page.getByText('Code', { exact: true }).click();
    await page.waitForURL(/type=CUSTOM/);
    const form = page.getByRole('main');
    const editor = form.getByRole('textbox', { name: 'Code' });
    await editor.waitFor();
    expect(await editor.textContent()).toContain('function parse(email)');
    await form.getByLabel(fieldLabel('Naam')).fill('Nieuwsbrieven');

    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await form.getByRole('button', { name: 'Parser toevoegen' }).click();
    await form.getByText('De code moet worden opgegeven.').waitFor();
    // Only the sandbox can tell that code does not compile: the server's message lands at the editor.
    await editor.click();
    await page.keyboard.insertText('function parse(email) { return ');
    await form.getByRole('button', { name: 'Parser toevoegen' }).click();
    await form.getByText('Opslaan mislukt').waitFor();
    expect(await page.locator('#code-error').textContent()).not.toBe('');
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    await editor.click();
    // Undo and redo (typing close together is one step, so how far one undo goes depends on timing).
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.textContent()).not.toBe('function parse(email) { return ');
    // A browser reports Shift+z as 'Z'; Playwright sends what it is given.
    await page.keyboard.press('ControlOrMeta+Shift+Z');
    await expect.poll(() => editor.textContent()).toBe('function parse(email) { return ');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.insertText(CUSTOM_CODE);
    await expect.poll(() => editor.evaluate((el) => (el as HTMLElement).innerText.replace(/\n+/g, '\n'))).toContain("return { reject: 'Geen nieuwsbrief' };");
    // Tab leaves the editor: the keyboard is never trapped in it.
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(false);

    await chooseEmail(form, 'Nieuwsbrief november');
    await form.getByRole('button', { name: 'Proefdraaien' }).click();
    const result = form.getByTestId('dry-run-result');
    await expect.poll(() => result.getAttribute('data-type')).toBe('MATCHED');
    expect(await result.getByTestId('dry-run-line').textContent()).toBe('Nieuwsbrief: Nieuwsbrief november');
    await shot(page, 'parser-custom-desktop');
    await form.getByRole('button', { name: 'Parser toevoegen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Parsers' }).waitFor();
    await expect.poll(() => page.getByTestId('parser-name').allTextContents()).toEqual(['Storingen GBS', 'Nieuwsbrieven']);
    const stored = (await parsers())[1] as { type: string; code?: string };
    expect(stored.type).toBe('CUSTOM');
    expect(stored.code!.replace(/\s+/g, ' ')).toBe(CUSTOM_CODE.replace(/\s+/g, ' '));
  });

  test('parsers are reordered with the keyboard, switched off and opened to edit', async () => {
    const page = installer;
    await page.getByRole('button', { name: 'Nieuwsbrieven omhoog' }).click();
    await expect.poll(async () => (await parsers()).map((p) => p.name)).toEqual(['Nieuwsbrieven', 'Storingen GBS']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Nieuwsbrieven omlaag');
    await page.getByRole('switch', { name: 'Nieuwsbrieven ingeschakeld' }).click();
    await expect.poll(async () => (await parsers()).map((p) => p.enabled)).toEqual([false, true]);
    await parserRows(page).first().getByText('Uitgeschakeld').waitFor();
    await shot(page, 'parsers-list-desktop');

    await page.getByRole('button', { name: 'Storingen GBS bewerken' }).click();
    await page.getByRole('heading', { level: 1, name: 'Parser Storingen GBS' }).waitFor();
    const form = page.getByRole('main');
    expect(await form.getByLabel(fieldLabel('Onderwerp')).inputValue()).toBe(SUBJECT_PATTERN);
    await form.getByLabel(fieldLabel('Melding (sjabloon)')).fill('{{onbekend}}');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await form.getByText('Onbekende naam in het sjabloon: {{onbekend}}.').waitFor();
    await form.getByRole('button', { name: 'Proefdraaien' }).click();
    await form.getByText('Verbeter eerst de gemarkeerde velden.').waitFor();
    await form.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Parsers' }).waitFor();
  });

  test('the parsers page and the editor have no serious accessibility violations', async () => {
    const page = installer;
    await area(page, '/emails/parsers');
    await parserRows(page).first().waitFor();
    expect(await seriousA11yViolations(page), 'list').toEqual([]);
    await page.getByRole('button', { name: 'Storingen GBS bewerken' }).click();
    await page.getByTestId('template-preview-text').first().waitFor();
    expect(await seriousA11yViolations(page), 'DEFAULT').toEqual([]);
    await area(page, '/emails/parsers?parser=new&type=CUSTOM');
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    expect(await seriousA11yViolations(page), 'CUSTOM').toEqual([]);
  });

  test('deleting a parser asks first', async () => {
    const page = installer;
    await area(page, '/emails/parsers');
    await page.getByRole('button', { name: 'Nieuwsbrieven verwijderen' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/alarmen die hij al maakte, blijven bestaan/).waitFor();
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect.poll(() => parserRows(page).count()).toBe(1);
    expect((await parsers()).map((p) => p.name)).toEqual(['Storingen GBS']);
  });

  test('while the dashboard is not customizable, an installer only reads the parsers and may not dry-run them', async () => {
    await api('PATCH', `${base()}/settings/customizable`, { customizable: false });
    const page = installer;
    await area(page, '/emails/parsers');
    await parserRows(page).first().waitFor();
    await page.getByText('Dit dashboard is niet aanpasbaar', { exact: false }).waitFor();
    for (const name of ['Parser toevoegen', 'Storingen GBS omhoog', 'Storingen GBS verwijderen'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    await page.getByRole('button', { name: 'Storingen GBS bekijken' }).click();
    const form = page.getByRole('main');
    expect(await form.getByLabel(fieldLabel('Onderwerp')).isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
    // A dry run loads the shared parser pool: on a locked dashboard only admins may.
    await form.getByRole('button', { name: 'Proefdraaien' }).click();
    await form.getByText('Proefdraaien mislukt').waitFor();
    expect(await form.getByTestId('dry-run-result').count()).toBe(0);
    await api('PATCH', `${base()}/settings/customizable`, { customizable: true });
  });

  test('on a 390 px wide phone the parsers page, both editors and the inbox with its new button scroll only vertically', async () => {
    const page = await signedInPage(browser, product.url, INSTALLER.email, INSTALLER.password, PHONE);
    await area(page, '/emails/parsers');
    await parserRows(page).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'parsers-list-phone');
    await page.getByRole('button', { name: 'Storingen GBS bewerken' }).click();
    await page.getByTestId('template-preview-text').first().waitFor();
    await page.getByRole('button', { name: 'Proefdraaien' }).click();
    await page.getByTestId('dry-run-result').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'parser-default-phone');
    await area(page, '/emails/parsers?parser=new&type=CUSTOM');
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'parser-custom-phone');
    await area(page, '/emails/inbox');
    await page.getByTestId('email-row').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'inbox-phone');
    await page.context().close();
  });
});
