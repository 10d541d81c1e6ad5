/**
 * Chains (issue 28): how a business with several stores is billed, and how an invoice's lines are
 * grouped by store. One source for the panel's choice, the billing engine, the invoice view, the
 * PDF and the exports.
 */
import { toCentavos, toReais } from './money';

/**
 * - `centralized`: one weekly invoice for the whole business, its lines grouped by store with
 *   subtotals (the default: a business with one store sees no difference);
 * - `per_store`: one weekly invoice per store that had work, each with its own Pix charge.
 */
export const BILLING_MODES = ['centralized', 'per_store'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
export const DEFAULT_BILLING_MODE: BillingMode = 'centralized';

export function isBillingMode(value: unknown): value is BillingMode {
  return typeof value === 'string' && (BILLING_MODES as readonly string[]).includes(value);
}

/** The choice as the owner's screen names it. */
export const BILLING_MODE_LABELS: Record<BillingMode, string> = {
  centralized: 'Centralizado',
  per_store: 'Por loja',
};

/** What each choice means, in one line under its label. */
export const BILLING_MODE_HINTS: Record<BillingMode, string> = {
  centralized:
    'Uma fatura por semana para o Mercado, com os serviços agrupados por loja e o subtotal de cada uma.',
  per_store: 'Uma fatura por semana para cada loja que teve serviços, cada uma com o seu Pix.',
};

export const STORE_BILLING_MESSAGES = {
  title: 'Faturamento',
  saved: (mode: BillingMode) =>
    `Faturamento ${BILLING_MODE_LABELS[mode].toLowerCase()}: vale a partir da próxima fatura gerada. As faturas já emitidas não mudam.`,
  unchanged: 'O faturamento já está assim.',
  /** The answer to a change of mode: from when it applies, or that nothing changed. */
  outcome: (mode: BillingMode, changed: boolean): string =>
    changed ? STORE_BILLING_MESSAGES.saved(mode) : STORE_BILLING_MESSAGES.unchanged,
  invalidMode: 'Escolha como faturar: centralizado ou por loja.',
  /** The subtotal row of a store's lines on an invoice. */
  subtotal: (storeName: string) => `Subtotal ${storeName}`,
  /** The invoice's store, on a per-store invoice. */
  storeOfInvoice: 'Loja',
  /** A line whose store is not known (a line written before stores). */
  storeUnknown: 'Loja não informada',
} as const;

/** One store's lines of an invoice, with their sum. */
export interface InvoiceStoreGroup<Line> {
  storeId: number | null;
  storeName: string;
  lines: Line[];
  /** Sum of the group's lines, in reais (summed in centavos). */
  subtotal: number;
}

/**
 * An invoice's lines grouped by store, stores in name order (pt-BR), lines in their order within
 * each store. Screens and documents show the groups and their subtotals when there are two or more;
 * with one store the invoice reads as before.
 */
export function groupInvoiceLinesByStore<
  Line extends { store_id?: number | null; store_name?: string | null; restaurant_payment_amount: number },
>(lines: readonly Line[]): InvoiceStoreGroup<Line>[] {
  const groups = new Map<
    string,
    { storeId: number | null; storeName: string; lines: Line[]; cents: number }
  >();
  for (const line of lines) {
    const storeId = line.store_id ?? null;
    const key = storeId === null ? '' : String(storeId);
    let group = groups.get(key);
    if (!group) {
      group = {
        storeId,
        storeName: line.store_name ?? STORE_BILLING_MESSAGES.storeUnknown,
        lines: [],
        cents: 0,
      };
      groups.set(key, group);
    }
    group.lines.push(line);
    group.cents += toCentavos(line.restaurant_payment_amount);
  }
  return [...groups.values()]
    .sort((a, b) => a.storeName.localeCompare(b.storeName, 'pt-BR') || (a.storeId ?? 0) - (b.storeId ?? 0))
    .map(({ cents, ...group }) => ({ ...group, subtotal: toReais(cents) }));
}

/**
 * The groups an invoice shows: its lines by store when they are of two stores or more, else null
 * (one store, or lines written before stores: the invoice reads as before, without subtotals).
 */
export function storeGroupsToShow<
  Line extends { store_id?: number | null; store_name?: string | null; restaurant_payment_amount: number },
>(lines: readonly Line[]): InvoiceStoreGroup<Line>[] | null {
  const groups = groupInvoiceLinesByStore(lines);
  return groups.length > 1 ? groups : null;
}
