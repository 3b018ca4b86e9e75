// A real browser on duckportal's Swagger UI: Chromium (found, or installed from Debian; else the
// test skips saying why) opens /api/swagger-ui/ of a `duckportal serve` process, expands
// GET /api/studies, clicks "Try it out" and "Execute", and reads the answer off the page.
import { join } from 'node:path';
import { chromium, type Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, type Browser } from '../helpers/browser.js';
import { buildStore, ServerProcess } from '../helpers/server-process.js';

let browser: Browser;
let store: Awaited<ReturnType<typeof buildStore>> | undefined;
let server: ServerProcess | undefined;
let playwright: PlaywrightBrowser | undefined;

beforeAll(async () => {
  browser = await findChromium();
  if ('skip' in browser) {
    console.warn(`swagger-ui browser test skipped: ${browser.skip}`);
    return;
  }
  store = await buildStore(['study_es_0']);
  server = new ServerProcess(store.db, join(store.dir, 'serve.log'));
  await server.start();
  playwright = await chromium.launch({ executablePath: browser.executablePath, headless: true });
}, 20 * 60_000);

afterAll(async () => {
  await playwright?.close();
  await server?.stop();
  store?.remove();
});

describe('Swagger UI in Chromium', () => {
  it('executes GET /api/studies and shows 200 with the store\'s study', async (context) => {
    if ('skip' in browser) return context.skip(browser.skip);
    const page = await (playwright as PlaywrightBrowser).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${server?.port}/api/swagger-ui/`);
    const operation = page.locator('#operations-Studies-getAllStudiesUsingGET');
    await operation.locator('.opblock-summary').first().click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = operation.locator('.live-responses-table .response').first();
    await expect.poll(() => response.locator('.response-col_status').textContent(), { timeout: 30_000 }).toContain('200');
    const body = await response.locator('.response-col_description pre').first().textContent();
    expect(JSON.parse(body ?? 'null')).toEqual(expect.arrayContaining([expect.objectContaining({ studyId: 'study_es_0' })]));
    // The page asked this server (the description's servers entry is relative).
    expect(await operation.locator('.request-url pre').textContent()).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server?.port}/api/studies($|\\?)`));
    expect(errors).toEqual([]);
  }, 120_000);
});
