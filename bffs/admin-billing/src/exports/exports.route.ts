import { route } from '@turno/bff-kit';
import {
  AdminInvoicesExportQuerySchema,
  DailyMetricsExportQuerySchema,
  DetailedReportExportQuerySchema,
  DiscrepanciesExportQuerySchema,
  InvoiceIdParamsSchema,
  type Invoice,
} from '@turno/contracts';
import { listAdminInvoicesPage, listInvoiceLines, readInvoiceDetail, type EntityManager } from '@turno/core';
import { detailedReportRows, reportDiscrepancyRows, reportPeriod } from '../metrics/detailed-report.queries';
import { getDailyMetricsWithDays } from '../metrics/metrics.queries';
import { LIST_PAGE_SIZE_MAX, saoPauloDate } from '@turno/domain';
import { type z } from 'zod';
import { invoicesExport, invoicesFileName, reportExport, reportFileName } from '../excel/report-export';
import { XlsxStreamSchema, xlsxHeaders, xlsxStream } from '@turno/bff-kit/excel';
import {
  discrepanciesExport,
  discrepanciesFileName,
  metricsExport,
  metricsFileName,
  serviceLinesExport,
  serviceLinesFileName,
} from '../excel/more-exports';

/**
 * GET /api/admin/exports/daily-detailed-report.xlsx?date= or ?startDate=&endDate= — the detailed
 * report of the screen's period as an Excel workbook, streamed (relatorio-detalhado-….xlsx).
 */
export const exportDetailedReport = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/daily-detailed-report.xlsx',
  query: DetailedReportExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    const period = reportPeriod(query);
    ctx.set(xlsxHeaders(reportFileName(period)));
    return xlsxStream(reportExport(period, detailedReportRows(em, period)));
  },
});

/** Every invoice of the filters, page after page of the list's own read (200 at a time). */
async function* allInvoices(
  em: EntityManager,
  filters: z.output<typeof AdminInvoicesExportQuerySchema>,
): AsyncGenerator<Invoice> {
  let cursor: string | undefined;
  do {
    const page = await listAdminInvoicesPage(em, { ...filters, cursor, limit: LIST_PAGE_SIZE_MAX });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * GET /api/admin/exports/invoices.xlsx?q&status — the "Faturas" list as the screen filters it
 * (search and status), every row, as an Excel workbook (faturas-….xlsx).
 */
export const exportInvoices = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/invoices.xlsx',
  query: AdminInvoicesExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    ctx.set(xlsxHeaders(invoicesFileName(query.status, saoPauloDate(new Date()))));
    return xlsxStream(invoicesExport(query, allInvoices(em, query)));
  },
});

/**
 * GET /api/admin/exports/discrepancies.xlsx?date= or ?startDate=&endDate= — every "ERRO: Vaga #id"
 * of the report's period (the screen lists the first 200) with charged, paid and expected amounts.
 */
export const exportDiscrepancies = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/discrepancies.xlsx',
  query: DiscrepanciesExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    const period = reportPeriod(query);
    ctx.set(xlsxHeaders(discrepanciesFileName(period)));
    return xlsxStream(discrepanciesExport(period, reportDiscrepancyRows(em, period)));
  },
});

/** GET /api/admin/exports/invoices/{id}/services.xlsx — one invoice's service lines (the invoice view's table). */
export const exportInvoiceServices = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/invoices/:id/services.xlsx',
  params: InvoiceIdParamsSchema,
  response: XlsxStreamSchema,
  handler: async ({ em, actor, params, ctx }) => {
    const detail = await readInvoiceDetail(em, actor, params.id); // 404 before any byte is sent
    const lines = await listInvoiceLines(em, actor, params.id);
    ctx.set(xlsxHeaders(serviceLinesFileName(detail.invoice)));
    return xlsxStream(serviceLinesExport(detail.invoice, lines));
  },
});

/** GET /api/admin/exports/daily-metrics.xlsx?filter=today|week — the metrics card's days, one row each, with totals. */
export const exportDailyMetrics = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/daily-metrics.xlsx',
  query: DailyMetricsExportQuerySchema,
  response: XlsxStreamSchema,
  handler: async ({ em, actor, query, ctx }) => {
    const metrics = await getDailyMetricsWithDays(em, actor, { filter: query.filter });
    ctx.set(xlsxHeaders(metricsFileName(metrics)));
    return xlsxStream(metricsExport(metrics));
  },
});
