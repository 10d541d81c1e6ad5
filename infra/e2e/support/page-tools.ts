import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A call through the page: same origin, the page's session cookies, as the screens make it.
 * Answers the status and the parsed JSON body (undefined when empty).
 */
export async function callThroughPage<T = unknown>(
  page: Page,
  url: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    { url, method, body },
  );
}

/** A screenshot into `E2E_SHOTS` (a folder, created when missing) when it is set; nothing otherwise. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}
