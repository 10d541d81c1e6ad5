import { callerDataVersion, route } from '@turno/bff-kit';
import { InvoiceServicesPageSchema, InvoiceServicesQuerySchema } from '@turno/contracts';
import { listInvoiceServicesPage } from './invoice-services.queries';

/** GET /api/admin/invoice-services?restaurantId&startDate&endDate — one page of service lines. */
export const invoiceServices = route({
  method: 'get',
  path: '/api/admin/invoice-services',
  access: 'admin',
  query: InvoiceServicesQuerySchema,
  response: InvoiceServicesPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listInvoiceServicesPage(em, query),
});
