import { route } from '@turno/bff-kit';
import { XlsxStreamSchema, allPages, xlsxHeaders, xlsxStream, type ExcelColumn } from '@turno/bff-kit/excel';
import {
  AdminBlocksExportQuerySchema,
  AdminFreelancersExportQuerySchema,
  AdminJobsExportQuerySchema,
  AdminRatingsExportQuerySchema,
  AdminRestaurantsExportQuerySchema,
  type AdminBlock,
  type AdminFreelancer,
  type AdminRating,
  type AdminRestaurant,
  type Job,
} from '@turno/contracts';
import { listAdminJobsPage, listAdminRestaurantsPage } from '@turno/core';
import { listAdminBlocksPage } from '../blocks/blocks.queries';
import { listAdminFreelancersPage } from '../freelancers/freelancers.queries';
import { listAdminRatingsPage } from '../ratings/ratings.queries';
import {
  ACCOUNT_STATE_LABELS,
  ADMIN_JOB_DATE_FILTER_LABELS,
  JOB_LIST_FILTER_LABELS,
  JOB_STATUS_LABELS,
  RATER_TYPE_FILTER_LABELS,
  RATING_SCORE_FILTER_LABELS,
  RESTAURANT_LIST_FILTER_LABELS,
  filterSheetPairs,
  LIST_PAGE_SIZE_MAX,
  freelancerAccountState,
  restaurantAccountState,
  saoPauloDate,
} from '@turno/domain';

/**
 * The Excel exports of the operations tables (issue 10): each is what the screen's filters show,
 * every row, read page after page with the list's own read model (200 rows at a time) and streamed
 * through the shared exporter (`@turno/bff-kit/excel`), so memory stays flat however long the list.
 */

const fileName = (base: string) => `${base}-${saoPauloDate(new Date())}.xlsx`;
/** The "Filtros" sheet in pt-BR: field names and the values as the screens' filters read them. */
const filterPairs = (query: Record<string, unknown>, accounts = false): [string, string][] =>
  filterSheetPairs(query, {
    date: ADMIN_JOB_DATE_FILTER_LABELS,
    status: accounts ? RESTAURANT_LIST_FILTER_LABELS : JOB_LIST_FILTER_LABELS,
    rating: RATING_SCORE_FILTER_LABELS,
    rater: RATER_TYPE_FILTER_LABELS,
  });

const JOB_COLUMNS: ExcelColumn<Job>[] = [
  { header: 'Vaga', type: 'integer', value: (j) => j.id, width: 8 },
  { header: 'Data', type: 'date', value: (j) => j.date_needed },
  { header: 'Início', type: 'text', value: (j) => j.start_time, width: 8 },
  { header: 'Fim', type: 'text', value: (j) => j.end_time, width: 8 },
  { header: 'Mercado', type: 'text', value: (j) => j.restaurant_name, width: 30 },
  { header: 'Função', type: 'text', value: (j) => j.position_type, width: 24 },
  { header: 'Status', type: 'text', value: (j) => JOB_STATUS_LABELS[j.status], width: 12 },
  { header: 'Freelancer', type: 'text', value: (j) => j.freelancer_name, width: 26 },
  { header: 'Valor', type: 'money', value: (j) => j.hourly_rate, total: true },
];

/** GET /api/admin/exports/jobs.xlsx — the command centre's jobs of the filters (date, status, search). */
export const exportJobsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/jobs.xlsx',
  query: AdminJobsExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    const now = new Date();
    ctx.set(xlsxHeaders(fileName('vagas')));
    return xlsxStream({
      sheetName: 'Vagas',
      columns: JOB_COLUMNS,
      totalsLabel: 'Total',
      filters: filterPairs(query),
      rows: allPages((cursor) =>
        listAdminJobsPage(em, { ...query, cursor, limit: LIST_PAGE_SIZE_MAX }, { now }),
      ),
    });
  },
});

const RESTAURANT_COLUMNS: ExcelColumn<AdminRestaurant>[] = [
  { header: 'Mercado', type: 'text', value: (r) => r.business_name, width: 30 },
  { header: 'Tipo', type: 'text', value: (r) => r.cuisine_type, width: 18 },
  { header: 'Responsável', type: 'text', value: (r) => r.name, width: 24 },
  { header: 'Telefone', type: 'text', value: (r) => r.phone, width: 14 },
  { header: 'Usuário', type: 'integer', value: (r) => r.user_id, width: 9 },
  {
    header: 'Status',
    type: 'text',
    value: (r) => ACCOUNT_STATE_LABELS[restaurantAccountState(r)],
    width: 12,
  },
  { header: 'Cadastro', type: 'date', value: (r) => r.created_at.slice(0, 10) },
];

/** GET /api/admin/exports/restaurants.xlsx — "Mercados" of the filters (search, status). */
export const exportRestaurantsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/restaurants.xlsx',
  query: AdminRestaurantsExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    ctx.set(xlsxHeaders(fileName('mercados')));
    return xlsxStream({
      sheetName: 'Mercados',
      columns: RESTAURANT_COLUMNS,
      filters: filterPairs(query, true),
      rows: allPages((cursor) =>
        listAdminRestaurantsPage(em, { ...query, cursor, limit: LIST_PAGE_SIZE_MAX }),
      ),
    });
  },
});

const FREELANCER_COLUMNS: ExcelColumn<AdminFreelancer>[] = [
  { header: 'Nome', type: 'text', value: (f) => f.name, width: 26 },
  { header: 'Telefone', type: 'text', value: (f) => f.phone, width: 14 },
  { header: 'Experiência (anos)', type: 'integer', value: (f) => f.experience_years },
  { header: 'Especialidades', type: 'text', value: (f) => f.specialties.join(', '), width: 30 },
  {
    header: 'Avaliação',
    type: 'text',
    value: (f) => (f.rating === null ? null : f.rating.toFixed(1)),
    width: 10,
  },
  { header: 'Trabalhos', type: 'integer', value: (f) => f.total_jobs },
  {
    header: 'Status',
    type: 'text',
    value: (f) => ACCOUNT_STATE_LABELS[freelancerAccountState(f)],
    width: 12,
  },
];

/** GET /api/admin/exports/freelancers.xlsx — "Freelancers" of the filters (search, status). */
export const exportFreelancersRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/freelancers.xlsx',
  query: AdminFreelancersExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    ctx.set(xlsxHeaders(fileName('freelancers')));
    return xlsxStream({
      sheetName: 'Freelancers',
      columns: FREELANCER_COLUMNS,
      filters: filterPairs(query, true),
      rows: allPages((cursor) =>
        listAdminFreelancersPage(em, { ...query, cursor, limit: LIST_PAGE_SIZE_MAX }),
      ),
    });
  },
});

const RATING_COLUMNS: ExcelColumn<AdminRating>[] = [
  { header: 'Vaga', type: 'text', value: (r) => r.job_title, width: 24 },
  {
    header: 'Avaliado por',
    type: 'text',
    value: (r) => (r.rated_by_type === 'restaurant' ? 'Mercado' : 'Freelancer'),
  },
  { header: 'Mercado', type: 'text', value: (r) => r.restaurant_name, width: 28 },
  { header: 'Freelancer', type: 'text', value: (r) => r.freelancer_name, width: 24 },
  { header: 'Data', type: 'date', value: (r) => r.date_needed },
  { header: 'Nota', type: 'integer', value: (r) => r.rating, width: 6 },
  { header: 'Comentário', type: 'text', value: (r) => r.comment, width: 40 },
];

/** GET /api/admin/exports/ratings.xlsx — "Avaliações" of the filters (search, score, rater). */
export const exportRatingsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/ratings.xlsx',
  query: AdminRatingsExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    ctx.set(xlsxHeaders(fileName('avaliacoes')));
    return xlsxStream({
      sheetName: 'Avaliações',
      columns: RATING_COLUMNS,
      filters: filterPairs(query),
      rows: allPages((cursor) => listAdminRatingsPage(em, { ...query, cursor, limit: LIST_PAGE_SIZE_MAX })),
    });
  },
});

const BLOCK_COLUMNS: ExcelColumn<AdminBlock>[] = [
  { header: 'Freelancer', type: 'text', value: (b) => b.freelancer_name, width: 26 },
  { header: 'Telefone', type: 'text', value: (b) => b.freelancer_phone, width: 14 },
  { header: 'Mercado', type: 'text', value: (b) => b.restaurant_name, width: 28 },
  { header: 'Contato do mercado', type: 'text', value: (b) => b.restaurant_contact_name, width: 22 },
  {
    header: 'Bloqueado por',
    type: 'text',
    value: (b) => (b.blocked_by === 'admin' ? 'Admin' : 'Mercado'),
  },
  { header: 'Data', type: 'date', value: (b) => b.created_at.slice(0, 10) },
  { header: 'Motivo', type: 'text', value: (b) => b.block_reason, width: 36 },
];

/** GET /api/admin/exports/blocks.xlsx — "Bloqueios Ativos" of the search. */
export const exportBlocksRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/blocks.xlsx',
  query: AdminBlocksExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    ctx.set(xlsxHeaders(fileName('bloqueios')));
    return xlsxStream({
      sheetName: 'Bloqueios',
      columns: BLOCK_COLUMNS,
      filters: filterPairs(query),
      rows: allPages((cursor) => listAdminBlocksPage(em, { ...query, cursor, limit: LIST_PAGE_SIZE_MAX })),
    });
  },
});
