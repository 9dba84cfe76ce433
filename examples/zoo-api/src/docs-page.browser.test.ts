import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, browserAvailable, launchChromium } from './testing/browser.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

const available = browserAvailable();

describe.runIf(available)('the docs page in a real browser', () => {
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

  it('renders the zoo API, gets a token with the client-credentials form and tries a request', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(zoo.origin)) outside.push(request.url());
    });
    await page.goto(`${zoo.origin}/v1/docs`);
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator, read as a person sees it
    expect(await page.locator('.swagger-ui .info .title').innerText()).toContain('Zoo API');
    const tags = await page.locator('.opblock-tag').allInnerTexts();
    for (const collection of ['zoos', 'animals', 'employees', 'customers', 'suppliers', 'operations']) {
      expect(
        tags.some((tag) => tag.toLowerCase().includes(collection)),
        collection,
      ).toBe(true);
    }

    // Authorize: the client-credentials form asks the service's own token endpoint.
    await page.locator('button.authorize').first().click();
    const dialog = page.locator('.modal-ux');
    await dialog.locator('input#client_id_clientCredentials, input[id*="client_id"]').first().fill('zoo-reader');
    await dialog
      .locator('input#client_secret_clientCredentials, input[id*="client_secret"]')
      .first()
      .fill('zoo-reader-secret');
    await dialog.locator('button.modal-btn.auth.authorize').first().click();
    await dialog.locator('button.modal-btn.auth:has-text("Logout")').first().waitFor({ timeout: 30_000 });
    await dialog.locator('button.close-modal').first().click();

    // Try GET /v1/zoos for real.
    const operation = page.locator('#operations-zoos-listZoos');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator, read as a person sees it
    expect((await status.innerText()).trim()).toBe('200');

    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: `${artifacts}docs-page.png`, fullPage: false });
    expect(outside).toEqual([]);
  }, 90_000);
});
