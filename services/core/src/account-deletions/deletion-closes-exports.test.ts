/**
 * A deleted account takes its data exports with it (issue 27): the admin's "Excluir" and "Excluir
 * minha conta" after its grace remove every export file of the person from storage and close the
 * rows at once; a build in flight then finds its row closed. Another person's export stays.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeDataExport, dataExportKey } from '../data-exports/data-exports.lifecycle';
import { LocalPhotoStorage } from '../photos';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import { removeRestaurantAccount } from '../workflows/account-removal.service';
import { carryOutDueAccountDeletions, requestAccountDeletion } from './account-deletions.service';

const DAY = 24 * 3_600_000;
const T0 = new Date('2026-11-25T15:00:00Z');
const ADMIN = { role: 'admin' as const, adminId: 1 };

describe("a deleted account's data exports", () => {
  let db: TestDatabase;
  let directory: string;
  let storage: LocalPhotoStorage;
  const em = () => db.orm.em.fork();
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    em().getConnection().execute<T[]>(text, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    directory = await mkdtemp(join(tmpdir(), 'turno-deletion-exports-'));
    storage = new LocalPhotoStorage(directory);
    await sql(`insert into admins (id, email, name, password_hash) values (1, 'a1@turno.test', 'A1', 'x')`);
  });
  afterAll(async () => {
    await db.drop();
    await rm(directory, { recursive: true, force: true });
  });

  /** An export of `userId` in `status`, its ZIP stored when it has one. */
  async function exportOf(userId: number, status: 'ready' | 'downloaded' | 'running', stored: boolean) {
    const [row] = await sql<{ id: number }>(
      `insert into data_exports (user_id, status, due_at, started_at) values (?, 'queued', ?, ?) returning id`,
      [userId, new Date(T0.getTime() + 15 * DAY), T0],
    );
    const key = dataExportKey(userId, row!.id, `r${row!.id}`);
    if (stored) await storage.put(key, Buffer.from('PK zip'), 'application/zip');
    await sql(
      `update data_exports set status = ?, storage_key = ?, ready_at = ?, expires_at = ? where id = ?`,
      [
        status,
        stored ? key : null,
        stored ? T0 : null,
        stored ? new Date(T0.getTime() + DAY) : null,
        row!.id,
      ],
    );
    return { id: row!.id, key };
  }
  const exportsOf = (userId: number) =>
    sql<{ id: number }>('select id from data_exports where user_id = ?', [userId]);

  it("the self-service deletion after the grace removes the person's ready export file, not another's", async () => {
    const leaving = await insertFreelancer(em());
    const staying = await insertFreelancer(em());
    const ready = await exportOf(leaving.user.id, 'ready', true);
    const other = await exportOf(staying.user.id, 'ready', true);

    await requestAccountDeletion(em(), { by: 'self', userId: leaving.user.id }, {}, T0);
    const report = await carryOutDueAccountDeletions(em(), new Date(T0.getTime() + 8 * DAY), storage);

    expect(report.failed).toBe(0);
    expect(await storage.get(ready.key)).toBeNull();
    expect(await exportsOf(leaving.user.id)).toEqual([]);
    expect(await storage.get(other.key)).not.toBeNull();
    expect(await exportsOf(staying.user.id)).toHaveLength(1);
  });

  it("the admin's deletion of a business removes its export files (downloaded but not yet swept too) and closes a build in flight", async () => {
    const business = await insertRestaurant(em());
    const owner = await sql<{ user_id: number }>('select user_id from restaurants where id = ?', [
      business.id,
    ]);
    const userId = owner[0]!.user_id;
    const downloaded = await exportOf(userId, 'downloaded', true);
    const running = await exportOf(userId, 'running', false);

    await removeRestaurantAccount(em(), ADMIN, business.id, storage);

    expect(await storage.get(downloaded.key)).toBeNull();
    expect(await exportsOf(userId)).toEqual([]);
    // The worker finishing the build it had claimed finds its row closed (it then removes its file).
    expect(await completeDataExport(em(), running.id, { storageKey: running.key, sizeBytes: 6 })).toBe(false);
  });
});
