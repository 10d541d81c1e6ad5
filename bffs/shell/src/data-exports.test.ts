import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { CurrentDataExportResponseSchema, DataExportSchema } from '@turno/contracts';
import {
  buildDataExport,
  claimNextDataExport,
  completeDataExport,
  photoStorage,
  setDataExportProgress,
} from '@turno/core';
import { insertFreelancerWithHistory } from '@turno/core/testing';
import { DATA_EXPORT_FILES, DATA_EXPORT_MESSAGES, MESSAGES } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

/**
 * Issue 27, "Baixar meus dados": the person asks, follows the progress, downloads the ZIP once; the
 * id of another person's export is 404 (owned id / foreign id), a used or expired link 410 in
 * pt-BR, a cross-site link cannot use it up. The workers' part runs here through core's functions.
 */
const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'turno-exports-shell-'));
  process.env.PHOTO_STORAGE_DIR = directory;
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(async () => {
  await bff?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const sql = <T>(query: string, params: unknown[] = []) =>
  bff.db.orm.em.fork().getConnection().execute<T[]>(query, params);

async function person() {
  const made = await insertFreelancerWithHistory(bff.db.orm.em.fork(), { shifts: 3 });
  return { ...made, cookie: await bff.sessionCookie({ role: 'user', userId: made.userId }) };
}

/** What the workers do: build every queued export now. */
async function runWorkers(now = new Date()) {
  for (;;) {
    const claimed = await claimNextDataExport(bff.db.orm.em.fork(), now);
    if (!claimed) return;
    const file = await buildDataExport(
      bff.db.orm.em.fork(),
      { exportId: claimed.id, userId: claimed.userId },
      photoStorage(),
      {
        now,
        onProgress: (percent) => setDataExportProgress(bff.db.orm.em.fork(), claimed.id, percent),
      },
    );
    await completeDataExport(bff.db.orm.em.fork(), claimed.id, file, now);
  }
}

/** Downloads as the browser does (a same-origin navigation): status, headers and bytes. */
async function download(path: string, cookie: string, site = 'same-origin') {
  const response = await fetch(bff.url + path, { headers: { cookie, 'sec-fetch-site': site } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

it('asks, follows the progress, downloads the ZIP once (JSON with applications and payments, PDF)', async () => {
  const me = await person();
  expect(
    CurrentDataExportResponseSchema.parse(
      (await bff.request('/api/data-exports/current', { cookie: me.cookie })).body,
    ),
  ).toEqual({
    export: null,
  });
  const asked = await bff.request('/api/data-exports', { cookie: me.cookie, json: {} });
  expect(asked.status).toBe(202);
  const queued = DataExportSchema.parse(asked.body);
  expect(queued).toMatchObject({ status: 'queued', progress: 0, download_url: null });
  // Asking again answers the open one.
  expect(
    DataExportSchema.parse((await bff.request('/api/data-exports', { cookie: me.cookie, json: {} })).body).id,
  ).toBe(queued.id);

  await runWorkers();
  const ready = DataExportSchema.parse(
    (await bff.request(`/api/data-exports/${queued.id}`, { cookie: me.cookie })).body,
  );
  expect(ready).toMatchObject({
    status: 'ready',
    progress: 100,
    download_url: `/api/data-exports/${queued.id}/file`,
  });

  // Another site cannot use the link up.
  expect((await download(ready.download_url!, me.cookie, 'cross-site')).status).toBe(403);

  const file = await download(ready.download_url!, me.cookie);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/zip');
  expect(file.headers.get('content-disposition')).toMatch(
    /^attachment; filename="turno-meus-dados-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const zip = join(directory, 'download.zip');
  await writeFile(zip, file.bytes);
  const json = JSON.parse(
    spawnSync('unzip', ['-p', zip, DATA_EXPORT_FILES.json], { encoding: 'utf8' }).stdout,
  );
  expect(json.candidaturas).toHaveLength(4);
  expect(json.pagamentos).toHaveLength(3);
  expect(spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).stdout.trim().split('\n').sort()).toEqual(
    [DATA_EXPORT_FILES.json, DATA_EXPORT_FILES.pdf].sort(),
  );

  // Once: a second download is 410 in pt-BR, and the file is gone from storage.
  const again = await bff.request(ready.download_url!, { cookie: me.cookie });
  expect(again).toMatchObject({ status: 410, body: { error: DATA_EXPORT_MESSAGES.alreadyDownloaded } });
  const [row] = await sql<{ status: string; storage_key: string | null }>(
    'select status, storage_key from data_exports where id = ?',
    [queued.id],
  );
  expect(row).toEqual({ status: 'downloaded', storage_key: null });
});

it("answers 404 for another person's export (read and file) and leaves it untouched; owned ids are served", async () => {
  const owner = await person();
  const stranger = await person();
  const made = DataExportSchema.parse(
    (await bff.request('/api/data-exports', { cookie: owner.cookie, json: {} })).body,
  );
  await runWorkers();
  for (const path of [`/api/data-exports/${made.id}`, `/api/data-exports/${made.id}/file`])
    expect(await bff.request(path, { cookie: stranger.cookie })).toMatchObject({
      status: 404,
      body: { error: DATA_EXPORT_MESSAGES.notFound },
    });
  expect((await bff.request('/api/data-exports/2147483647', { cookie: owner.cookie })).status).toBe(404);
  expect((await bff.request(`/api/data-exports/${made.id}`, { cookie: owner.cookie })).status).toBe(200);
  expect((await download(`/api/data-exports/${made.id}/file`, owner.cookie)).status).toBe(200);
});

it('answers 410 in pt-BR for a link past its 24 hours, and 409 while it is being prepared', async () => {
  const me = await person();
  const made = DataExportSchema.parse(
    (await bff.request('/api/data-exports', { cookie: me.cookie, json: {} })).body,
  );
  expect(await bff.request(`/api/data-exports/${made.id}/file`, { cookie: me.cookie })).toMatchObject({
    status: 409,
    body: { error: DATA_EXPORT_MESSAGES.notReady },
  });
  // Ready 25 hours ago.
  await runWorkers(new Date(Date.now() - 25 * 3_600_000));
  const read = DataExportSchema.parse(
    (await bff.request(`/api/data-exports/${made.id}`, { cookie: me.cookie })).body,
  );
  expect(read).toMatchObject({ status: 'expired', download_url: null });
  expect(await bff.request(`/api/data-exports/${made.id}/file`, { cookie: me.cookie })).toMatchObject({
    status: 410,
    body: { error: DATA_EXPORT_MESSAGES.linkExpired },
  });
});

it('refuses without a session (401) and a body with fields (400)', async () => {
  expect((await bff.request('/api/data-exports', { json: {} })).status).toBe(401);
  const me = await person();
  const refused = await bff.request('/api/data-exports', { cookie: me.cookie, json: { userId: 1 } });
  expect(refused.status).toBe(400);
  expect(refused.body).not.toEqual({ error: MESSAGES.common.unauthenticated });
});
