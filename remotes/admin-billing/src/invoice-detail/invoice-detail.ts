/** Where the invoice view, its print page, its PDF and its service lines' Excel are (admin-billing BFF, via the gateway). */
export const BFF = '/bff/admin-billing';
export const invoiceDetailUrl = (id: number) => `${BFF}/api/admin/invoices/${id}`;
export const invoicePrintUrl = (id: number) => `${BFF}/api/admin/invoices/${id}/print`;
/** Spec 02 §7: `GET /api/restaurant/invoices/{id}/pdf`, served to admins by the admin-billing BFF. */
export const invoicePdfUrl = (id: number) => `${BFF}/api/restaurant/invoices/${id}/pdf`;
export const invoiceLinesExportUrl = (id: number) => `${BFF}/api/admin/exports/invoices/${id}/services.xlsx`;
