import { z } from 'zod';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@turno/domain';
import { IsoDate, Money } from './common';

/** Invoice: spec 01 §3 and spec 02 §3 "Invoice". */
export const InvoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  invoice_type: z.enum(INVOICE_TYPES),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  restaurant_contact_name: z.string().nullable(),
  description: z.string().nullable(),
  amount: Money,
  status: z.enum(INVOICE_STATUSES),
  issue_date: IsoDate,
  due_date: IsoDate,
  payment_date: IsoDate.nullable(),
  week_start: IsoDate.nullable(),
  week_end: IsoDate.nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.array(InvoiceSchema);
