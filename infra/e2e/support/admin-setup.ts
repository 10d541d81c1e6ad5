/**
 * What several specs ask of the admin before their story starts: a signed-in admin page of its
 * own, a freelancer freed of the shifts an earlier spec left them, the demo store's id.
 */
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { callThroughPage } from './page-tools';
import { signInAsAdmin } from './sign-in';
import { sql } from './portal-data';

/** The admin-ops BFF's admin calls, as the admin's page reaches them. */
export const OPS = '/bff/admin-ops/api/admin';
/** The demo business (services/core seeders). */
export const DEMO_BUSINESS = 'Supermercado Bom Preço';

/** An admin signed in, in a context of its own added to `contexts` (the spec closes them). */
export async function openAdminPage(
  browser: Browser,
  contexts: BrowserContext[],
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  return admin;
}

/**
 * The freelancer's id, after the admin cancelled every shift they hold (assigned or under way), so
 * a new one at the same hour is not refused as overlapping.
 */
export async function freeOfHeldShifts(admin: Page, freelancerName: string): Promise<number> {
  const [id] = sql(`select id from freelancers where name = '${freelancerName}'`);
  for (const assignmentId of sql(
    `select id from assignments where freelancer_id = ${id} and status in ('assigned', 'in_progress')`,
  ))
    expect((await callThroughPage(admin, `${OPS}/assignments/${assignmentId}`, 'DELETE')).status).toBe(200);
  return Number(id);
}

/** The demo business's id. */
export function demoStoreId(): number {
  return Number(sql(`select id from restaurants where business_name = '${DEMO_BUSINESS}'`)[0]);
}
