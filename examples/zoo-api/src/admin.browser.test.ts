import { mkdir, writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, buildAdminPage, freePort, otherClient } from './testing/admin-page.js';
import { artifacts, browserAvailable, launchChromium } from './testing/browser.js';
import { demoToken, startMain, type MainProcess } from './testing/start-main.js';

const available = browserAvailable();
/** Waits for what the page shows to settle, generously: CI machines run many suites at once. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
/** The demo people of the zoo's embedded authorization server. */
const passwords = { admin: 'admin-password', viewer: 'viewer-password' } as const;

describe.runIf(available)('the admin in a real browser, against the zoo process', () => {
  let zoo: MainProcess;
  let origin: string;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    buildAdminPage();
    const port = await freePort();
    zoo = startMain({ STORE: 'memory', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    origin = await zoo.origin;
    browser = await launchChromium();
    await mkdir(artifacts, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    zoo?.child.kill('SIGTERM');
    await zoo?.exited;
  });

  /** A page signed in as one of the demo people, at the login page with PKCE; CSP violations and script errors are collected. */
  async function signedIn(who: keyof typeof passwords): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${origin}/admin`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('User name').fill(who);
    await page.getByLabel('Password').fill(passwords[who]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Collections' }).waitFor();
    expect(await page.getByText(`Signed in as ${who}`).count()).toBe(1);
    return page;
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: `${artifacts}admin-${name}.png` });
  const cells = (page: Page, column: number) => page.locator(`tbody tr td:nth-child(${column})`).allTextContents();

  it('walks through lists, records, forms, conflicts and deletes as admin, with live updates', async () => {
    const page = await signedIn('admin');
    // A browser opening an API URL lands on its view (303); the time to a usable list is measured.
    const started = performance.now();
    await page.goto(`${origin}/v1/employees`);
    await page.getByRole('table').waitFor();
    const firstView = Math.round(performance.now() - started);
    expect(new URL(page.url()).pathname).toBe('/admin/v1/employees');
    await writeFile(`${artifacts}admin-first-view.json`, JSON.stringify({ firstUsableViewMs: firstView }));
    await shot(page, 'list');

    await page.getByRole('combobox', { name: 'State' }).selectOption('internal');
    await poll(() => cells(page, 5)).toEqual(Array(10).fill('internal'));
    await page.getByRole('button', { name: /^Name/ }).click();
    await poll(() => page.locator('th[aria-sort="ascending"]').textContent()).toContain('Name');
    await poll(async () => {
      const names = await cells(page, 3);
      return names.length === 10 && names.every((name, i) => i === 0 || names[i - 1]!.localeCompare(name) <= 0);
    }).toBe(true);
    await poll(() => page.getByRole('navigation', { name: 'Pages' }).textContent()).toContain('1–10 of 20');
    await page.getByRole('link', { name: 'Next page' }).click();
    await poll(() => page.getByRole('navigation', { name: 'Pages' }).textContent()).toContain('11–20 of 20');
    expect(new URL(page.url()).searchParams.get('state')).toBe('internal');

    // A record, and its salary link to the statements below it.
    const firstId = (await cells(page, 2))[0]!;
    await page.getByRole('link', { name: firstId, exact: true }).click();
    await page.getByRole('heading', { name: `Employee ${firstId}` }).waitFor();
    await shot(page, 'record');
    await page.getByRole('list').getByRole('link', { name: 'Salary' }).click();
    await page.getByRole('heading', { name: 'Salary statements' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/v1/employees/${firstId}/salaryStatements`);

    // Create: the server's 422 is shown at its field first.
    await page.goto(`${origin}/admin/v1/employees`);
    await page.getByRole('link', { name: 'New employee' }).click();
    await page.getByLabel('Name').fill('Walter Probe');
    await page.getByLabel('Year of birth').fill('1800');
    await page.getByLabel('State').selectOption('internal');
    await page.getByLabel('Maturity').selectOption('senior');
    await page.getByRole('button', { name: 'Create' }).click();
    await poll(() => page.getByLabel('Year of birth').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#field-yearOfBirth-error').textContent()).toMatch(/1900/);
    await shot(page, 'form');
    await page.getByLabel('Year of birth').fill('1985');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: /^Employee \d+$/ }).waitFor();
    const created = new URL(page.url()).pathname.replace('/admin', '');

    // Edit, with If-Match.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill('Walter Probe-Edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Walter Probe-Edited').waitFor();

    // Another client changes it while the form is open: the form says so; saving hits a 412, shown, then overwritten knowingly.
    const other = otherClient(origin, await demoToken(origin, 'zoo-admin'));
    await page.getByRole('link', { name: 'Edit' }).click();
    await poll(() => page.getByLabel('Name').inputValue()).toBe('Walter Probe-Edited');
    const current = await other.send('GET', created);
    expect(
      (
        await other.send(
          'PUT',
          created,
          { ...stripped(current.body), name: 'Changed Elsewhere' },
          { 'if-match': current.etag! },
        )
      ).status,
    ).toBe(200);
    await page.getByText('Someone else changed this record while you were editing it.').waitFor();
    await page.getByLabel('Name').fill('Walter Mine');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Not saved: someone else changed this record since you opened it.').waitFor();
    expect(await page.getByRole('table', { name: 'What changed' }).textContent()).toContain('Changed Elsewhere');
    await shot(page, 'conflict');
    await page.getByRole('button', { name: 'Overwrite with mine' }).click();
    await page.getByRole('heading', { name: /^Employee \d+$/ }).waitFor();
    await page.getByText('Walter Mine').waitFor();
    expect((await other.send('GET', created)).body.name).toBe('Walter Mine');

    // Delete asks first, then shows the record gone; opening it again shows it deleted (410).
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This record has been deleted.').waitFor();
    await page.reload();
    await page.getByText('This record has been deleted.').waitFor();
    expect((await other.send('GET', created)).status).toBe(410);

    // Live: a record another client creates appears in the open list without a reload.
    await page.goto(`${origin}/admin/v1/employees?query=Livefeed`);
    await page.getByText('No records match.').waitFor();
    const made = await other.send('POST', '/v1/employees', {
      name: 'Livefeed Person',
      yearOfBirth: 1990,
      state: 'external',
      maturity: 'junior',
    });
    expect(made.status).toBe(201);
    await page.getByRole('cell', { name: 'Livefeed Person' }).waitFor({ timeout: 10_000 });
    await shot(page, 'live');
    // Bulk delete asks first; the row then leaves the list.
    await page.getByRole('checkbox', { name: `Select ${made.body.id}` }).check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 1 record(s).').waitFor();
    await page.getByText('No records match.').waitFor();
    expect((await other.send('GET', `/v1/employees/${made.body.id}`)).status).toBe(410);

    // Columns: the list asks for the chosen fields only.
    await page.goto(`${origin}/admin/v1/employees`);
    await page.getByText('Columns', { exact: true }).click();
    const asked = page.waitForRequest(
      (request) => request.url().includes('/v1/employees?') && request.url().includes('fields='),
    );
    await page.getByRole('checkbox', { name: 'Maturity' }).uncheck();
    expect(new URL((await asked).url()).searchParams.get('fields')).toBe('id,name,yearOfBirth,state');
    await poll(() => page.locator('thead th').allTextContents()).not.toContain('Maturity');

    await page.goto(`${origin}/admin`);
    await page.getByRole('heading', { name: 'Collections' }).waitFor();
    await shot(page, 'home');

    // Sign-out revokes the refresh token at the issuer and forgets the tokens.
    const session = JSON.parse((await page.evaluate(() => sessionStorage.getItem('corral-admin-session'))) ?? '{}');
    expect(session.refreshToken).toEqual(expect.any(String));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('corral-admin-session'))).toBeNull();
    const refreshed = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken,
        client_id: 'corral-admin',
      }),
    });
    expect(refreshed.status).toBe(400);
    expect(problems).toEqual([]);
    console.info(`admin: first usable view (list of employees) ${firstView} ms on localhost`);
  }, 120_000);

  it('offers a viewer no write action, and explains the 403 of a forced write', async () => {
    const page = await signedIn('viewer');
    await page.goto(`${origin}/admin/v1/employees`);
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('link', { name: /^New/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('link', { name: '2', exact: true }).click();
    await page.getByRole('heading', { name: 'Employee 2' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const home = await page.goto(`${origin}/admin`);
    expect(home?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Collections' }).waitFor();
    expect(await page.getByRole('link', { name: 'Salary statements' }).count()).toBe(0);
    // Forced: the edit form's address typed in; the API refuses, and the page says why.
    await page.goto(`${origin}/admin/_edit/v1/employees/2`);
    await poll(() => page.getByLabel('Name').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('alert').first().textContent()).toMatch(
      /Not allowed: your sign-in does not grant the scope "staff:write"/,
    );
    await shot(page, 'forbidden');
    expect(problems).toEqual([]);
  }, 60_000);

  it('has no serious or critical accessibility finding on home, list, record and form', async () => {
    const page = await signedIn('admin');
    const views = {
      home: ['/admin', 'Collections'],
      list: ['/admin/v1/employees', 'Employees'],
      record: ['/admin/v1/employees/3', 'Employee 3'],
      form: ['/admin/_edit/v1/employees/3', 'Edit employee 3'],
    } as const;
    for (const [name, [path, heading]] of Object.entries(views)) {
      await page.goto(`${origin}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(await axeFindings(page), name).toEqual([]);
    }
    // Keyboard: the first Tab reaches the skip link, which is then visible.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  }, 60_000);
});

/** A record as a body to PUT: without its id and links. */
function stripped(record: Record<string, unknown>) {
  const { id: _id, links: _links, ...rest } = record;
  return rest;
}
