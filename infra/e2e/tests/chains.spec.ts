import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_RESTAURANT_NAME } from '@turno/core/demo-accounts';
import { BUSINESS_MEMBER_MESSAGES, MESSAGES, PRIVACY_MESSAGES, STORE_BILLING_MESSAGES } from '@turno/domain';
import { E2E_ENV } from '../e2e-env';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { randomCpf, sql } from '../support/portal-data';
import { signInAs, signInAsAdmin } from '../support/sign-in';

/**
 * Chains (issue 28), as the demo chain lives them: Supermercado Bom Preço (Marcos Almeida, owner)
 * has two stores. Marcos invites Bruno Lima to manage the second store (the link shown to copy and
 * sent by e-mail); Bruno opens the link, signs
 * in through the provider and accepts; he posts a vacancy there, accepts an application and
 * approves a check-in of his store, and sees nothing of the main store; Marcos sees both stores,
 * switches the chain's billing from per store to centralized, and the next invoice groups both
 * stores' services with a subtotal each. Removing Bruno signs him out.
 */
const SECOND_STORE = 'Bom Preço Vila Mariana';
const BRUNO_EMAIL = 'bruno.lima@example.com';
const marker = `${Date.now()}`.slice(-6);
const panelOf = (page: Page) => page.getByTestId('remote-restaurant');
const RESTAURANT = '/bff/restaurant/api';

const MAILBOX = `http://127.0.0.1:${4526 + Number(E2E_ENV.PORT_OFFSET)}`;

/** The mails the portal's local SMTP server kept for `address`. */
async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  const mails = (await (await fetch(`${MAILBOX}/__control/mails`)).json()) as {
    envelopeTo: string[];
    subject: string;
    text: string;
  }[];
  return mails.filter((mail) => mail.envelopeTo.includes(address));
}

const demoBusinessId = () =>
  Number(sql(`select id from restaurants where business_name = '${DEMO_RESTAURANT_NAME}'`)[0]);
const storeId = (name: string) =>
  Number(sql(`select id from stores where restaurant_id = ${demoBusinessId()} and name = '${name}'`)[0]);

/** Bruno as the provider left him: no membership, no profile (a retry or an earlier run undone). */
function brunoWithoutTeam(): void {
  sql(
    `update member_invitations set revoked_at = now() where email = '${BRUNO_EMAIL}' and accepted_at is null`,
  );
  sql(
    `delete from restaurant_members where user_id in (select id from users where email = '${BRUNO_EMAIL}')`,
  );
  sql(`update users set user_type = null where email = '${BRUNO_EMAIL}'`);
}

/** An approved freelancer written by SQL, with a live application to `jobId`. */
function applicant(jobId: number): string {
  const name = `Rita Rede ${marker}`;
  sql(
    `with u as (insert into users (email, name, user_type) values ('rita${marker}@rede.example', '${name}', 'freelancer') returning id),
     f as (insert into freelancers (user_id, name, phone, cpf, pix_key, specialties, is_approved, is_available, vetting_status, approved_at)
           select id, '${name}', '11987654321', '${randomCpf().replace(/\D/g, '')}', 'rita${marker}@pix.example', '["Estoquista"]', true, true, 'approved', now() from u
           returning id)
     insert into applications (job_id, freelancer_id, applied_at, expires_at)
     select ${jobId}, id, now(), now() + interval '2 hours' from f`,
  );
  return name;
}

/** A shift of today at `store`, its freelancer asking for check-in (as the check-out spec's, by SQL). */
function shiftAskingCheckIn(store: number, title: string): number {
  const [row] = sql(
    `with u as (insert into users (email, name, user_type) values ('${title.replace(/\W/g, '')}${marker}@rede.example', 'Caio ${title}', 'freelancer') returning id),
     f as (insert into freelancers (user_id, name, phone, cpf, pix_key, specialties, is_approved, is_available, vetting_status, approved_at)
           select id, 'Caio ${title}', '11987654322', '${randomCpf().replace(/\D/g, '')}', 'caio${title}${marker}@pix.example', '["Estoquista"]', true, true, 'approved', now() from u
           returning id),
     j as (insert into jobs (restaurant_id, store_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
           values (${demoBusinessId()}, ${store}, '${title}', 'Estoquista', current_date, '23:00', '05:00', 360, 14900, 'assigned') returning id)
     insert into assignments (job_id, freelancer_id, status, checkin_requested_at)
     select j.id, f.id, 'assigned', now() from j, f
     returning job_id`,
  );
  return Number(row);
}

/** A completed shift of `date` at `store` (its freelancer written by SQL), 6 h from 08:00. */
function completedShiftAt(store: number, date: string, who: string): void {
  sql(
    `with u as (insert into users (email, name, user_type) values ('${who.replace(/\W/g, '')}${marker}@rede.example', '${who}', 'freelancer') returning id),
     f as (insert into freelancers (user_id, name, phone, cpf, pix_key, specialties, is_approved, is_available, vetting_status, approved_at)
           select id, '${who}', '11987654323', '${randomCpf().replace(/\D/g, '')}', '${who.replace(/\W/g, '')}${marker}@pix.example', '["Estoquista"]', true, true, 'approved', now() from u
           returning id),
     j as (insert into jobs (restaurant_id, store_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
           values (${demoBusinessId()}, ${store}, 'Estoquista', 'Estoquista', '${date}', '08:00', '14:00', 360, 14900, 'completed') returning id)
     insert into assignments (job_id, freelancer_id, status, check_in_at, check_out_at, restaurant_charge_cents,
                              freelancer_payout_cents, commission_cents, completed_at)
     select j.id, f.id, 'completed', '${date} 08:00-03', '${date} 14:00-03', 14900, 11900, 3000, '${date} 14:00-03' from j, f`,
  );
}

test('a chain: the owner invites a store manager, who runs his store only, until removed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  brunoWithoutTeam();
  const contexts: BrowserContext[] = [];
  try {
    // Marcos, the owner: "Equipe", invite Bruno as manager of the second store.
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(ownerContext);
    const owner = await ownerContext.newPage();
    await signInAs(owner, 'Marcos Almeida');
    const ownerPanel = panelOf(owner);
    await ownerPanel.getByRole('tab', { name: 'Lojas' }).click();
    await expect(ownerPanel.getByTestId('stores-list').getByText(SECOND_STORE)).toBeVisible();
    await expectNoAxeViolations(owner);
    await shot(owner, 'chains-lojas-1280');
    await ownerPanel.getByRole('tab', { name: 'Equipe' }).click();
    await ownerPanel.getByRole('button', { name: 'Convidar pessoa' }).click();
    const invite = owner.getByRole('dialog');
    await invite.getByLabel('E-mail da pessoa').fill(BRUNO_EMAIL);
    await invite.getByRole('radio', { name: 'Gerente de loja' }).check();
    await invite.getByRole('checkbox', { name: SECOND_STORE }).check();
    await expectNoAxeViolations(owner, '[role="dialog"]');
    await shot(owner, 'chains-invite-dialog');
    await invite.getByRole('button', { name: 'Criar convite' }).click();
    const link = await invite.getByLabel('Link do convite').inputValue();
    expect(link).toMatch(/\/convite-equipe\/[A-Za-z0-9_-]{32}$/);
    // The same link reaches Bruno by e-mail (the workers' e-mail channel; the portal's local SMTP server).
    await expect
      .poll(async () => (await mailsTo(BRUNO_EMAIL)).find((mail) => mail.text.includes(link))?.subject, {
        timeout: 60_000,
      })
      .toBe(`Turno: convite para a equipe de ${DEMO_RESTAURANT_NAME}`);
    await invite.getByRole('button', { name: 'Fechar' }).click();
    await expect(ownerPanel.getByText(BRUNO_EMAIL)).toBeVisible();
    await shot(owner, 'chains-equipe-1280');

    // Bruno opens the link in his browser, signs in through the provider and accepts.
    const managerContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
    contexts.push(managerContext);
    const manager = await managerContext.newPage();
    await manager.goto(link);
    await expect(manager.getByText(DEMO_RESTAURANT_NAME)).toBeVisible();
    await expect(manager.getByText(SECOND_STORE)).toBeVisible();
    await shot(manager, 'chains-invitation-signed-out');
    await manager.getByRole('button', { name: 'Entrar para aceitar' }).click();
    await manager.getByRole('button', { name: /^Entrar como Bruno Lima\b/ }).click();
    await manager.waitForURL((url) => url.pathname.startsWith('/convite-equipe/'));
    await manager.getByRole('checkbox', { name: new RegExp(`^${PRIVACY_MESSAGES.acceptPrefix}`) }).check();
    await expectNoAxeViolations(manager);
    await shot(manager, 'chains-invitation-accept');
    await manager.getByRole('button', { name: 'Aceitar convite' }).click();
    await manager.waitForURL((url) => url.pathname === '/dashboard');

    // His panel: the tabs of a store manager, a vacancy at his store (his only one: no store to choose).
    const managerPanel = panelOf(manager);
    await expect(managerPanel.getByRole('tab', { name: 'Dashboard' })).toBeVisible();
    for (const hidden of ['Faturas', 'Lojas', 'Equipe'])
      await expect(managerPanel.getByRole('tab', { name: hidden })).toHaveCount(0);
    await managerPanel.getByRole('button', { name: 'Criar vaga' }).click();
    const form = managerPanel.getByRole('form', { name: 'Criar vaga' });
    await expect(form.getByLabel('Loja')).toHaveCount(0);
    await form.getByLabel('Tipo de vaga').selectOption('Estoquista');
    await form.getByRole('button', { name: /^Amanhã/ }).click();
    await form.getByLabel('Carga horária').selectOption('6');
    await form.getByLabel('Início').fill('10:00');
    await form.getByLabel(/Horário de refeição/).selectOption({ index: 1 });
    const created = manager.waitForResponse(
      (r) => new URL(r.url()).pathname === `${RESTAURANT}/jobs` && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Criar vaga' }).click();
    expect((await created).status()).toBe(201);
    const [vacancyId] = sql(
      `select id from jobs where store_id = ${storeId(SECOND_STORE)} and date_needed = current_date + 1
         and start_time = '10:00' order by id desc limit 1`,
    );
    expect(vacancyId).toBeTruthy();

    // An application to it, accepted from his agenda.
    const rita = applicant(Number(vacancyId));
    await managerPanel.getByRole('tab', { name: /^Agenda/ }).click();
    // His vacancy's row (other tests may have posted vacancies at his store too).
    await managerPanel
      .locator('tr:has(td), li')
      .filter({ hasText: '10:00 às 16:00' })
      .getByRole('button', { name: /^Ver candidaturas/ })
      .first()
      .click();
    const applications = manager.getByRole('dialog');
    await expect(applications).toContainText(rita);
    await applications.getByRole('button', { name: 'Aceitar' }).click();
    await applications.getByRole('button', { name: 'Aceitar' }).last().click();
    await expect
      .poll(() => sql(`select status from applications where job_id = ${vacancyId}`)[0], { timeout: 15_000 })
      .toBe('accepted');
    await manager.keyboard.press('Escape');

    // A check-in asking at his store is his to approve; one at the main store is not his to see.
    const ownShift = shiftAskingCheckIn(storeId(SECOND_STORE), `Turno Vila ${marker}`);
    const otherShift = shiftAskingCheckIn(storeId(DEMO_RESTAURANT_NAME), `Turno Matriz ${marker}`);
    const agenda = await callThroughPage<{ items: { id: number }[] }>(
      manager,
      `${RESTAURANT}/jobs?period=week`,
    );
    const ids = agenda.body.items.map((item) => item.id);
    expect(ids).toContain(ownShift);
    expect(ids).not.toContain(otherShift);
    const storeOf = new Set(sql(`select id from jobs where store_id = ${storeId(SECOND_STORE)}`).map(Number));
    expect(ids.every((id) => storeOf.has(id))).toBe(true);
    await manager.reload();
    await managerPanel.getByRole('tab', { name: /^Agenda/ }).click();
    const row = managerPanel.locator('tr:has(td), li').filter({ hasText: `Turno Vila ${marker}` });
    await row.getByRole('button', { name: 'Aprovar check-in' }).click();
    await manager.getByRole('dialog').getByRole('button', { name: MESSAGES.checkOut.approveCheckIn }).click();
    await expect
      .poll(() => sql(`select check_in_at is not null from assignments where job_id = ${ownShift}`)[0])
      .toBe('t');
    await expect(managerPanel.getByText(`Turno Matriz ${marker}`)).toHaveCount(0);
    await shot(manager, 'chains-manager-agenda');
    // Another store's shift answers "not found", as another business's.
    const [otherAssignment] = sql(`select id from assignments where job_id = ${otherShift}`);
    expect(
      (
        await callThroughPage(
          manager,
          `${RESTAURANT}/restaurant/assignments/${otherAssignment}/approve-checkin`,
          'POST',
        )
      ).status,
    ).toBe(404);

    // Marcos sees both stores' shifts.
    const ownerAgenda = await callThroughPage<{ items: { id: number }[] }>(
      owner,
      `${RESTAURANT}/jobs?period=week`,
    );
    expect(ownerAgenda.body.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([ownShift, otherShift]),
    );

    // His Agenda's store selector: "Todas as lojas", or one store (remembered in his browser).
    await ownerPanel.getByRole('tab', { name: /^Agenda/ }).click();
    const storeSelect = ownerPanel.getByLabel('Filtrar por loja');
    await expect(storeSelect).toHaveValue('');
    await expect(ownerPanel.getByText(`Turno Matriz ${marker}`).first()).toBeVisible();
    await storeSelect.selectOption({ label: SECOND_STORE });
    await expect(ownerPanel.getByText(`Turno Matriz ${marker}`)).toHaveCount(0);
    await expect(ownerPanel.getByText(`Turno Vila ${marker}`).first()).toBeVisible();
    await expectNoAxeViolations(owner);
    await shot(owner, 'chains-owner-agenda-store-1280');
    await owner.reload();
    await ownerPanel.getByRole('tab', { name: /^Agenda/ }).click();
    await expect(ownerPanel.getByLabel('Filtrar por loja')).toHaveValue(String(storeId(SECOND_STORE)));
    await ownerPanel.getByLabel('Filtrar por loja').selectOption('');

    // Billing: the chain is billed per store; Marcos makes it centralized, and the next invoice has
    // both stores' services, grouped by store with a subtotal each.
    await ownerPanel.getByRole('tab', { name: 'Lojas' }).click();
    const billing = ownerPanel.getByRole('group', { name: /Como o Mercado recebe as faturas/ });
    await expect(billing.getByRole('radio', { name: /^Por loja/ })).toBeChecked();
    await billing.getByRole('radio', { name: /^Centralizado/ }).check();
    await ownerPanel.getByRole('button', { name: 'Salvar faturamento' }).click();
    await expect(ownerPanel.getByTestId('billing-mode-message')).toContainText(
      STORE_BILLING_MESSAGES.saved('centralized'),
    );
    expect(sql(`select billing_mode from restaurants where id = ${demoBusinessId()}`)[0]).toBe('centralized');
    await shot(owner, 'chains-billing-mode-1280');
    // A day of its own, long past (no other test bills it): one service at each store, billed by an
    // admin's custom run for this business.
    const day = new Date(Date.UTC(2024, 0, 1) + (Number(marker) % 600) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    completedShiftAt(storeId(DEMO_RESTAURANT_NAME), day, `Ana Matriz ${marker}`);
    completedShiftAt(storeId(SECOND_STORE), day, `Beto Vila ${marker}`);
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    const run = await callThroughPage<{ runId: string }>(
      admin,
      '/bff/admin-billing/api/admin/invoices/generate-custom',
      'POST',
      { startDate: day, endDate: day, restaurantIds: [demoBusinessId()] },
    );
    expect(run.status).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await callThroughPage<{ state: string }>(
              admin,
              `/bff/admin-billing/api/admin/invoice-generation-runs/${run.body.runId}`,
            )
          ).body.state,
        { timeout: 30_000 },
      )
      .toBe('completed');
    const [billed] = sql(
      `select i.invoice_number || '|' || coalesce(i.store_id::text, 'null') || '|' || count(l.*)
         from invoices i join invoice_lines l on l.invoice_id = i.id
        where i.restaurant_id = ${demoBusinessId()} and i.week_start = '${day}'
        group by i.id order by i.id desc limit 1`,
    );
    const [invoiceNumber, invoiceStore, lineCount] = String(billed).split('|');
    expect([invoiceStore, lineCount]).toEqual(['null', '2']);
    await owner.reload();
    await ownerPanel.getByRole('tab', { name: 'Faturas' }).click();
    await ownerPanel.getByRole('button', { name: `Ver fatura ${invoiceNumber}` }).click();
    const invoiceView = owner.getByRole('dialog');
    await expect(invoiceView).toContainText(`Ana Matriz ${marker}`);
    await expect(invoiceView).toContainText(`Beto Vila ${marker}`);
    await expect(invoiceView).toContainText(STORE_BILLING_MESSAGES.subtotal(DEMO_RESTAURANT_NAME));
    await expect(invoiceView).toContainText(STORE_BILLING_MESSAGES.subtotal(SECOND_STORE));
    await expectNoAxeViolations(owner, '[role="dialog"]');
    await shot(owner, 'chains-invoice-by-store-1280');
    await owner.keyboard.press('Escape');

    // Lojas and Equipe at 360 px: nothing wider than the screen.
    await owner.setViewportSize({ width: 360, height: 800 });
    await owner.waitForFunction(() => window.innerWidth === 360);
    for (const tab of ['Lojas', 'Equipe']) {
      await ownerPanel.getByRole('tab', { name: tab }).click();
      await expect(ownerPanel.getByText(tab === 'Lojas' ? SECOND_STORE : 'Bruno Lima').first()).toBeVisible();
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(owner);
      await shot(owner, `chains-${tab.toLowerCase()}-360`, { fullPage: true });
    }
    // A store's own CNPJ and type (its branch), in the edit dialog at 360 px.
    await ownerPanel.getByRole('tab', { name: 'Lojas' }).click();
    await ownerPanel.getByRole('button', { name: `Editar ${SECOND_STORE}` }).click();
    const storeDialog = owner.getByRole('dialog', { name: 'Editar loja' });
    await storeDialog.getByLabel(/CNPJ da filial/).fill('12345678000276');
    await storeDialog.getByLabel(/Tipo de estabelecimento/).selectOption('Atacarejo');
    await expectNoAxeViolations(owner, '[role="dialog"]');
    await shot(owner, 'chains-store-dialog-360');
    await storeDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(ownerPanel.getByText('CNPJ 12.345.678/0002-76')).toBeVisible();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Removed: Bruno's session ends at once; his next read is refused and the portal signs him out.
    await owner.reload();
    await ownerPanel.getByRole('tab', { name: 'Equipe' }).click();
    await ownerPanel.getByRole('button', { name: 'Remover Bruno Lima' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await expect(ownerPanel).toContainText(BUSINESS_MEMBER_MESSAGES.memberRemovedByOwner);
    expect((await callThroughPage(manager, `${RESTAURANT}/jobs`)).status).toBe(401);
    await manager.reload();
    await manager.waitForURL((url) => url.pathname === '/');
  } finally {
    brunoWithoutTeam();
    sql(`update restaurants set billing_mode = 'per_store' where id = ${demoBusinessId()}`);
    sql(`update stores set cnpj = null, establishment_type = null where name = '${SECOND_STORE}'`);
    for (const context of contexts) await context.close();
  }
});
