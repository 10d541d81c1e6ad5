import ExcelJS from 'exceljs';
import { AdminRestaurantsPageSchema, AdminJobsPageSchema } from '@turno/contracts';
import { Rating, type EntityManager } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

const em = (): EntityManager => bff.db.orm.em.fork();

/** Downloads an export and reads its first sheet back with exceljs: the header row, then the data rows. */
async function sheetRows(path: string): Promise<unknown[][]> {
  const response = await fetch(bff.url + path, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=.*\.xlsx/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  // The exporter ends every sheet with its totals row.
  expect(rows[rows.length - 1]?.[0]).toBe('Total');
  return rows.slice(0, -1);
}

describe('Excel exports of the operations tables', () => {
  it('exports Mercados as the filters show them, every row, in the list order', async () => {
    for (const n of [1, 2, 3]) await insertRestaurant(em(), { businessName: `Planilha Mercado ${n}` });
    await insertRestaurant(em(), { businessName: 'Planilha Pendente', isApproved: false });
    const rows = await sheetRows('/api/admin/exports/restaurants.xlsx?q=planilha&status=approved');
    expect(rows[0]).toEqual(['Mercado', 'Tipo', 'Responsável', 'Telefone', 'Usuário', 'Status', 'Cadastro']);
    const shown = AdminRestaurantsPageSchema.parse(
      (await bff.request('/api/admin/restaurants?q=planilha&status=approved', { cookie })).body,
    );
    expect(rows.slice(1).map((r) => r[0])).toEqual(shown.items.map((r) => r.business_name));
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'Planilha Mercado 3',
      'Planilha Mercado 2',
      'Planilha Mercado 1',
    ]);
    expect(rows.slice(1).every((r) => r[5] === 'Aprovado')).toBe(true);
    expect((await bff.request('/api/admin/exports/restaurants.xlsx?status=x', { cookie })).status).toBe(400);
  });

  it('exports the command centre jobs, Freelancers, Avaliações and Bloqueios of the filters', async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Exporta Tudo' });
    const freelancer = await insertFreelancer(em(), { name: 'Xavier Exportado' });
    const job = await insertJob(em(), restaurant, { dateNeeded: '2026-03-02', status: 'completed' });
    await insertJob(em(), restaurant, { dateNeeded: '2026-03-03' });
    const assignment = await insertCompletedAssignment(em(), job, freelancer);
    const fork = em();
    fork.create(Rating, {
      assignment: assignment.id,
      raterType: 'restaurant',
      rating: 4,
      comment: 'Exportável',
    });
    await fork.flush();
    await bff.request('/api/admin/block-freelancer', {
      method: 'POST',
      cookie,
      json: { freelancerId: freelancer.id, restaurantId: restaurant.id, blockReason: 'Teste' },
    });

    const jobs = await sheetRows(`/api/admin/exports/jobs.xlsx?q=exporta%20tudo`);
    const listed = AdminJobsPageSchema.parse(
      (await bff.request('/api/admin/jobs?q=exporta%20tudo', { cookie })).body,
    );
    expect(jobs.slice(1).map((r) => r[0])).toEqual(listed.items.map((j) => j.id));
    const completedOnly = await sheetRows(`/api/admin/exports/jobs.xlsx?q=exporta%20tudo&status=completed`);
    expect(completedOnly.slice(1).map((r) => r[0])).toEqual([job.id]);

    const freelancers = await sheetRows('/api/admin/exports/freelancers.xlsx?q=xavier');
    expect(freelancers.slice(1).map((r) => r[0])).toEqual(['Xavier Exportado']);
    const ratings = await sheetRows('/api/admin/exports/ratings.xlsx?q=exportavel&rating=4');
    expect(ratings.slice(1).map((r) => [r[2], r[5], r[6]])).toEqual([['Exporta Tudo', 4, 'Exportável']]);
    expect((await sheetRows('/api/admin/exports/ratings.xlsx?q=exportavel&rating=5')).length).toBe(1);
    const blocks = await sheetRows('/api/admin/exports/blocks.xlsx?q=xavier');
    expect(blocks.slice(1).map((r) => [r[0], r[2], r[4], r[6]])).toEqual([
      ['Xavier Exportado', 'Exporta Tudo', 'Admin', 'Teste'],
    ]);
  });

  it('writes the "Filtros" sheet in pt-BR: field names and values as the screens read them', async () => {
    const filters = async (path: string) => {
      const response = await fetch(bff.url + path, { headers: { cookie } });
      expect(response.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await response.arrayBuffer());
      const rows: unknown[][] = [];
      book.getWorksheet('Filtros')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const jobs = await filters('/api/admin/exports/jobs.xlsx?date=all&status=open&q=caixa');
    expect(jobs).toEqual(
      expect.arrayContaining([
        ['Data', 'Todas'],
        ['Status', 'Abertas'],
        ['Busca', 'caixa'],
      ]),
    );
    expect(await filters('/api/admin/exports/jobs.xlsx?date=2026-12-01')).toEqual(
      expect.arrayContaining([['Data', '01/12/2026']]),
    );
    expect(await filters('/api/admin/exports/restaurants.xlsx?status=all')).toEqual(
      expect.arrayContaining([['Status', 'Todos']]),
    );
    expect(await filters('/api/admin/exports/ratings.xlsx?rating=4&rater=restaurant')).toEqual(
      expect.arrayContaining([
        ['Avaliação', '4 estrelas'],
        ['Avaliado por', 'Mercado'],
      ]),
    );
    const english = (rows: unknown[][]) =>
      rows.flat().filter((cell) => /^(date|status|all|q|rating|rater|open|restaurant)$/.test(String(cell)));
    expect(english([...jobs, ...(await filters('/api/admin/exports/ratings.xlsx'))])).toEqual([]);
  });
});
