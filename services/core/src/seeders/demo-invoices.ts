import type { EntityManager } from '@mikro-orm/postgresql';
import {
  addDays,
  billingWeekOfDate,
  invoiceNumber,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  type BillingWeek,
} from '@turno/domain';
import { Invoice, InvoiceLine } from '../model';
import { issueInvoiceCharges } from '../invoices/invoice-pix-charges';
import type { SeededWork } from './demo-jobs-builder';
import type { DemoPeopleWithStores, RestaurantKey } from './demo-people';
import { earliest } from './demo-shifts';

/** Restaurant weeks (by week offset from now) whose invoice is already paid. */
const PAID_WEEKS: { restaurant: RestaurantKey; weekOffset: number }[] = [
  { restaurant: 'hortifruti', weekOffset: -1 },
  { restaurant: 'bomPreco', weekOffset: -2 },
];

function brazilianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Weekly invoices for every completed shift of the weeks that have ended: one invoice per
 * restaurant and week, one line per completed assignment. Paid, pending and overdue ones follow
 * from PAID_WEEKS and the due dates.
 */
export function seedDemoInvoices(
  em: EntityManager,
  people: DemoPeopleWithStores,
  work: SeededWork,
  now: Date,
): void {
  const today = saoPauloDate(now);
  const thisWeekStart = billingWeekOfDate(today).weekStart;
  const paid = new Set(
    PAID_WEEKS.map((p) => `${p.restaurant}|${billingWeekOfDate(today, p.weekOffset).weekStart}`),
  );

  const groups = new Map<
    string,
    { restaurant: RestaurantKey; week: BillingWeek; work: SeededWork['completed'] }
  >();
  for (const done of work.completed) {
    const week = billingWeekOfDate(done.job.dateNeeded);
    if (week.weekStart >= thisWeekStart) continue;
    const key = `${done.restaurant}|${week.weekStart}`;
    const group = groups.get(key) ?? { restaurant: done.restaurant, week, work: [] };
    group.work.push(done);
    groups.set(key, group);
  }

  const sequenceByWeek = new Map<string, number>();
  const ordered = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [key, { restaurant, week, work: lines }] of ordered) {
    const sequence = (sequenceByWeek.get(week.weekStart) ?? 0) + 1;
    sequenceByWeek.set(week.weekStart, sequence);
    const isPaid = paid.has(key);
    const status = isPaid ? 'paid' : week.dueDate < today ? 'overdue' : 'pending';
    const invoice = em.create(Invoice, {
      invoiceNumber: invoiceNumber(week.weekStart, sequence),
      invoiceType: 'restaurant_weekly_invoice',
      restaurant: people.restaurants[restaurant],
      store: people.restaurants[restaurant].billingMode === 'per_store' ? people.stores[restaurant] : null,
      description: `Serviços de ${brazilianDate(week.weekStart)} a ${brazilianDate(week.weekEnd)} (${lines.length} turno${lines.length > 1 ? 's' : ''})`,
      amountCents: lines.reduce((sum, line) => sum + (line.assignment.restaurantChargeCents ?? 0), 0),
      status,
      issueDate: week.issueDate,
      dueDate: week.dueDate,
      paymentDate: isPaid ? (week.issueDate <= today ? week.issueDate : today) : null,
      weekStart: week.weekStart,
      weekEnd: week.weekEnd,
      createdAt: earliest(saoPauloDateTimeToInstant(addDays(week.weekEnd, 1), '01:00'), now),
    });
    for (const line of lines) {
      em.create(InvoiceLine, {
        invoice,
        assignment: line.assignment,
        dateNeeded: line.job.dateNeeded,
        positionType: line.job.positionType,
        freelancerName: line.freelancer.name,
        amountCents: line.assignment.restaurantChargeCents ?? 0,
      });
    }
  }
}

/**
 * Every unpaid demo invoice gets its Pix charge, written `creating` as generation writes it (issue
 * 25): the workers' sweep creates it at the PSP (the fake PSP at `npm start`) within 15 s, with the
 * demo business's CNPJ and legal name.
 */
export async function seedDemoInvoiceCharges(em: EntityManager, now: Date): Promise<void> {
  const unpaid = await em.execute<{ id: number }[]>(
    `select id from invoices where status in ('pending', 'overdue') order by id`,
  );
  await issueInvoiceCharges(
    em,
    unpaid.map((row) => row.id),
    now,
  );
}
