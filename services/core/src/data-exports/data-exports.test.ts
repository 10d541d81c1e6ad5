import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_EXPORT_FILES, DATA_EXPORT_MESSAGES } from '@turno/domain';
import { LocalPhotoStorage } from '../photos/local-photo-storage';
import { expectRefusal } from '../shared/test-kit';
import { createTestDatabase, insertFreelancer, type TestDatabase } from '../testing';
import { insertFreelancerWithHistory } from '../testing/data-export-fixtures';
import { pdfText } from '../testing/pdf-reader';
import { buildDataExport } from './build-data-export';
import {
  claimNextDataExport,
  completeDataExport,
  expireDataExports,
  setDataExportProgress,
} from './data-exports.lifecycle';
import {
  claimDataExportDownload,
  dataExportOfUser,
  listOpenDataExports,
  requestDataExport,
} from './data-exports.service';

const AT = new Date('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

/** The entries of a ZIP read by Info-ZIP's unzip (an independent reader of our writer). */
async function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const directory = await mkdtemp(join(tmpdir(), 'turno-unzip-'));
  try {
    const file = join(directory, 'export.zip');
    await writeFile(file, zip);
    const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(test.stdout).toContain('No errors detected');
    const names = spawnSync('unzip', ['-Z1', file], { encoding: 'utf8' }).stdout.trim().split('\n');
    const entries = new Map<string, Buffer>();
    for (const name of names)
      entries.set(name, spawnSync('unzip', ['-p', file, name], { maxBuffer: 256 * 1024 * 1024 }).stdout);
    return entries;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe('data exports (issue 27, "Baixar meus dados")', () => {
  let db: TestDatabase;
  let directory: string;
  let storage: LocalPhotoStorage;
  const em = () => db.orm.em.fork();
  const sql = <T>(query: string, params: unknown[] = []) => em().getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    directory = await mkdtemp(join(tmpdir(), 'turno-exports-'));
    storage = new LocalPhotoStorage(directory);
  });
  afterAll(async () => {
    await db?.drop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  /** Runs the workers' part for the next queued export, as the sweep does. */
  async function runNextExport(now: Date) {
    const claimed = await claimNextDataExport(em(), now);
    if (!claimed) throw new Error('nothing queued');
    const progress: number[] = [];
    const file = await buildDataExport(em(), { exportId: claimed.id, userId: claimed.userId }, storage, {
      now,
      pageSize: 7,
      onProgress: async (percent) => {
        progress.push(percent);
        await setDataExportProgress(em(), claimed.id, percent);
      },
    });
    expect(await completeDataExport(em(), claimed.id, file, now)).toBe(true);
    return { ...claimed, ...file, progress };
  }

  it('keeps one open request per person: a second request answers the first; an admin may ask on their behalf', async () => {
    const freelancer = await insertFreelancer(em());
    const first = await requestDataExport(em(), { userId: freelancer.user.id }, AT);
    expect(first).toMatchObject({ status: 'queued', progress: 0, requestedByAdminId: null });
    expect(first.dueAt).toEqual(new Date(AT.getTime() + 15 * 24 * HOUR));
    const second = await requestDataExport(
      em(),
      { userId: freelancer.user.id },
      new Date(AT.getTime() + 1000),
    );
    expect(second.id).toBe(first.id);
    const [audit] = await sql<{ actor_kind: string; actor_id: number }>(
      "select actor_kind, actor_id from audit_events where action = 'data_export.requested' and target_id = ?",
      [String(first.id)],
    );
    expect(audit).toEqual({ actor_kind: 'user', actor_id: freelancer.user.id });
    await expectRefusal(requestDataExport(em(), { userId: 999_999 }, AT), 404, DATA_EXPORT_MESSAGES.notFound);
  });

  it('lists open requests oldest deadline first, bounded and keyset paged', async () => {
    const people = [await insertFreelancer(em()), await insertFreelancer(em()), await insertFreelancer(em())];
    const made = [];
    for (const [index, person] of people.entries())
      made.push(
        await requestDataExport(
          em(),
          { userId: person.user.id, requestedByAdminId: null },
          new Date(AT.getTime() - (index + 10) * 24 * HOUR),
        ),
      );
    const page = await listOpenDataExports(em(), { limit: 2 });
    expect(page.items.map((item) => item.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(page.items[0]?.person.name).toBe(people[2]?.name);
    const rest = await listOpenDataExports(em(), { limit: 100, after: page.next });
    expect(rest.items[0]?.id).toBe(made[0]?.id);
    expect(rest.items.map((item) => item.id)).not.toContain(made[1]?.id);
    expect((await listOpenDataExports(em(), { limit: 10_000 })).items.length).toBeLessThanOrEqual(100);
  });

  it('builds a ZIP of the JSON (applications, shifts with check-in, ratings, payouts, consents) and a PDF with text', async () => {
    const person = await insertFreelancerWithHistory(em(), { shifts: 20 });
    await sql("insert into consents (user_id, kind, version, action) values (?, 'terms', 'v1', 'accepted')", [
      person.userId,
    ]);
    const requested = await requestDataExport(em(), { userId: person.userId }, AT);
    // Other people's queued requests of earlier tests go first: run until this one is done.
    let built;
    do built = await runNextExport(AT);
    while (built.id !== requested.id);
    expect(built.progress.length).toBeGreaterThan(3);
    expect(built.progress).toEqual([...built.progress].sort((a, b) => a - b));

    const view = await dataExportOfUser(em(), person.userId, requested.id, AT);
    expect(view).toMatchObject({
      status: 'ready',
      progress: 100,
      expiresAt: new Date(AT.getTime() + 24 * HOUR),
    });

    const stored = await storage.get(built.storageKey);
    expect(built.storageKey.startsWith('documents/exports/')).toBe(true);
    const entries = await unzipEntries(stored!.bytes);
    expect([...entries.keys()].sort()).toEqual([DATA_EXPORT_FILES.json, DATA_EXPORT_FILES.pdf].sort());
    const data = JSON.parse(entries.get(DATA_EXPORT_FILES.json)!.toString('utf8'));
    expect(data.titular).toMatchObject({ id: person.userId, tipo: 'freelancer' });
    expect(data.perfil).toMatchObject({ cpf: '52998224725', pix_key: 'helena@pix.example' });
    expect(data.perfil.search_text).toBeUndefined();
    expect(data.candidaturas).toHaveLength(21);
    expect(data.turnos).toHaveLength(20);
    expect(data.turnos[0]).toMatchObject({ check_in_method: 'geofence', check_in_distance_m: 35 });
    expect(data.avaliacoes_feitas).toHaveLength(20);
    expect(data.avaliacoes_recebidas).toHaveLength(20);
    expect(data.pagamentos).toHaveLength(20);
    expect(data.pagamentos[0]).toMatchObject({ amount_cents: 12000, status: 'paid' });
    expect(data.consentimentos).toEqual([expect.objectContaining({ kind: 'terms', action: 'accepted' })]);
    expect(data.historico_de_acesso_e_atividade).toEqual([
      expect.objectContaining({ action: 'data_export.requested' }),
    ]);
    const { text } = pdfText(entries.get(DATA_EXPORT_FILES.pdf)!);
    expect(text).toContain(DATA_EXPORT_MESSAGES.pdf.title);
    expect(text).toContain('Helena Exportação');
    expect(text).toContain('Candidaturas: 21');
    expect(text).toContain('R$ 2.400,00');
  });

  it("builds a business's export: vacancies, applications received, assignments, ratings, invoices and their lines", async () => {
    const history = await insertFreelancerWithHistory(em(), { shifts: 4 });
    const [invoice] = await sql<{ id: number }>(
      `insert into invoices (invoice_number, invoice_type, restaurant_id, amount_cents, status, issue_date, due_date)
       values ('TRN-EXPORT-1', 'restaurant_weekly_invoice', ?, 59600, 'pending', '2026-11-23', '2026-11-30') returning id`,
      [history.restaurantId],
    );
    await sql(
      `insert into invoice_lines (invoice_id, assignment_id, date_needed, position_type, freelancer_name, amount_cents)
       select ?, s.id, j.date_needed, j.position_type, 'Helena Exportação', 14900
         from assignments s join jobs j on j.id = s.job_id where j.restaurant_id = ?`,
      [invoice!.id, history.restaurantId],
    );
    const requested = await requestDataExport(
      em(),
      { userId: history.restaurantUserId, requestedByAdminId: null },
      AT,
    );
    let built;
    do built = await runNextExport(AT);
    while (built.id !== requested.id);
    const entries = await unzipEntries((await storage.get(built.storageKey))!.bytes);
    const data = JSON.parse(entries.get(DATA_EXPORT_FILES.json)!.toString('utf8'));
    expect(data.titular).toMatchObject({ id: history.restaurantUserId, tipo: 'restaurant' });
    expect(data.perfil.presence_secret_sealed).toBeUndefined();
    expect(data.vagas).toHaveLength(5);
    expect(data.candidaturas_recebidas).toHaveLength(5);
    expect(data.escalas).toHaveLength(4);
    expect(data.avaliacoes_feitas).toHaveLength(4);
    expect(data.avaliacoes_recebidas).toHaveLength(4);
    expect(data.faturas).toEqual([
      expect.objectContaining({ invoice_number: 'TRN-EXPORT-1', amount_cents: 59600 }),
    ]);
    expect(data.linhas_de_faturas).toHaveLength(4);
    expect(pdfText(entries.get(DATA_EXPORT_FILES.pdf)!).text).toContain('R$ 596,00');
  });

  it('serves the file once, within 24 h, to its person only (404 foreign id, 409 not ready, 410 used or expired)', async () => {
    const owner = await insertFreelancer(em());
    const stranger = await insertFreelancer(em());
    const requested = await requestDataExport(em(), { userId: owner.user.id }, AT);
    await expectRefusal(
      claimDataExportDownload(em(), owner.user.id, requested.id, AT),
      409,
      DATA_EXPORT_MESSAGES.notReady,
    );
    let built;
    do built = await runNextExport(AT);
    while (built.id !== requested.id);
    await expectRefusal(
      claimDataExportDownload(em(), stranger.user.id, requested.id, AT),
      404,
      DATA_EXPORT_MESSAGES.notFound,
    );
    const claimed = await claimDataExportDownload(
      em(),
      owner.user.id,
      requested.id,
      new Date(AT.getTime() + HOUR),
    );
    expect(claimed.storageKey).toBe(built.storageKey);
    await expectRefusal(
      claimDataExportDownload(em(), owner.user.id, requested.id, new Date(AT.getTime() + 2 * HOUR)),
      410,
      DATA_EXPORT_MESSAGES.alreadyDownloaded,
    );
    // The downloaded file is removed by the sweep; a new request is a new export.
    await expireDataExports(em(), storage, new Date(AT.getTime() + 2 * HOUR));
    expect(await storage.get(built.storageKey)).toBeNull();
    const again = await requestDataExport(em(), { userId: owner.user.id }, new Date(AT.getTime() + 2 * HOUR));
    expect(again.id).not.toBe(requested.id);
  });

  it('expires a ready export after 24 h: 410, its file removed from storage, and a new request is allowed', async () => {
    const owner = await insertFreelancer(em());
    const requested = await requestDataExport(em(), { userId: owner.user.id }, AT);
    let built;
    do built = await runNextExport(AT);
    while (built.id !== requested.id);
    const later = new Date(AT.getTime() + 24 * HOUR + 1000);
    await expectRefusal(
      claimDataExportDownload(em(), owner.user.id, requested.id, later),
      410,
      DATA_EXPORT_MESSAGES.linkExpired,
    );
    expect(await storage.get(built.storageKey)).not.toBeNull();
    const swept = await expireDataExports(em(), storage, later);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await storage.get(built.storageKey)).toBeNull();
    const [row] = await sql<{ status: string; storage_key: string | null }>(
      'select status, storage_key from data_exports where id = ?',
      [requested.id],
    );
    expect(row).toEqual({ status: 'expired', storage_key: null });
    expect((await requestDataExport(em(), { userId: owner.user.id }, later)).id).not.toBe(requested.id);
  });
});
