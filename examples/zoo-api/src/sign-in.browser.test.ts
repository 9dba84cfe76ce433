import { createHash, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './testing/browser.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

const available = browserAvailable();

describe.runIf(available)('signing in at the login page in a real browser', () => {
  let zoo: RunningZoo;
  let browser: Browser;
  beforeAll(async () => {
    zoo = await startZoo();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await zoo?.close();
  });

  it('lets a person sign in with the keyboard under the page CSP, reach the callback with a code, and sign out', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    // CSP violations and script errors; the 401 of the wrong password and the 404s of the favicon
    // and of the callback (no admin UI is mounted here) are expected.
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(zoo.origin)) problems.push(`asked another origin: ${request.url()}`);
    });
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${zoo.origin}/admin/callback`;
    const query = new URLSearchParams({
      client_id: 'corral-admin',
      response_type: 'code',
      redirect_uri: redirectUri,
      state: 'browser-state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    await page.goto(`${zoo.origin}/oauth/auth?${query}`);
    await page.getByLabel('User name').waitFor();
    // The stylesheet loaded under the CSP: the page is styled (the button is not the browser's grey).
    const background = await page
      .getByRole('button', { name: 'Sign in' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgb(36, 80, 184)');

    // A wrong password first: the same page again, with the message.
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill('not-it');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong user name or password.');
    await page.getByLabel('Password').fill('admin-password');
    const callback = page.waitForRequest((request) => request.url().startsWith(redirectUri));
    await page.keyboard.press('Enter');
    const url = new URL((await callback).url());
    expect(url.searchParams.get('state')).toBe('browser-state');
    // The callback page finishes loading before the next navigation, which would otherwise cut it short.
    await page.waitForURL((address) => address.href.startsWith(redirectUri), { waitUntil: 'load' });
    const res = await fetch(`${zoo.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: url.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: 'corral-admin',
        code_verifier: verifier,
      }),
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    expect((await zoo.get('/v1/employees', access_token)).status).toBe(200);

    // Signing out at the end-session page: one button, then back to the admin's address.
    const signOut = new URLSearchParams({ client_id: 'corral-admin', post_logout_redirect_uri: `${zoo.origin}/admin` });
    await page.goto(`${zoo.origin}/oauth/session/end?${signOut}`);
    const landed = page.waitForRequest((request) => request.url() === `${zoo.origin}/admin`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await landed;
    await page.waitForURL(`${zoo.origin}/admin`, { waitUntil: 'load' });
    // The next sign-in asks for the password again.
    await page.goto(`${zoo.origin}/oauth/auth?${query}`);
    await page.getByLabel('Password').waitFor();
    // Nothing was blocked or fetched from elsewhere on the way.
    expect(problems).toEqual([]);
  }, 60_000);

  it('lets another person sign in in the same browser: the page ending the first sign-in runs under its CSP', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const redirectUri = `${zoo.origin}/admin/callback`;
    const signInAs = async (username: string, password: string, extra: Record<string, string> = {}) => {
      const verifier = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        client_id: 'corral-admin',
        response_type: 'code',
        redirect_uri: redirectUri,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        ...extra,
      });
      await page.goto(`${zoo.origin}/oauth/auth?${query}`);
      await page.getByLabel('User name').fill(username);
      await page.getByLabel('Password').fill(password);
      const callback = page.waitForRequest((request) => request.url().startsWith(redirectUri));
      await page.keyboard.press('Enter');
      const code = new URL((await callback).url()).searchParams.get('code')!;
      // The browser lands on the callback before anything else: a navigation started meanwhile would be cut short.
      await page.waitForURL((url) => url.href.startsWith(redirectUri));
      const res = await fetch(`${zoo.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: 'corral-admin',
          code_verifier: verifier,
        }),
      });
      return (await res.json()) as { access_token: string; scope: string };
    };
    expect((await signInAs('viewer', 'viewer-password')).scope).not.toContain('write');
    // prompt=login shows the form over viewer's session; admin signing in ends viewer's first.
    const admin = await signInAs('admin', 'admin-password', { prompt: 'login' });
    expect(admin.scope).toContain('staff:write');
    expect(problems).toEqual([]);
  }, 60_000);
});
