import { Client } from 'pg';
import { DOMAIN_EVENTS_CHANNEL, isNotifyingEvent, parseEventNotification } from '@turno/core';
import type { WorkerLogger } from './worker-process';

export interface PayoutListenerOptions {
  /** PostgreSQL URL of the database whose `domain_events` trigger notifies. */
  connectionString: string;
  /** Payouts that changed (a batch, at most every `batchMs`): the caller enqueues the pending ones. */
  onPayouts?: (payoutIds: number[]) => Promise<unknown>;
  /**
   * Invoices whose Pix charges may want a worker (issued, paid by hand or by Pix, a charge marked for
   * cancelling): a batch, at most every `batchMs`; the caller enqueues their charges to sync.
   */
  onInvoices?: (invoiceIds: number[]) => Promise<unknown>;
  /**
   * An event that may notify someone was heard (issue 26: `isNotifyingEvent` of core): called
   * once per batch; the caller enqueues a notifications scan.
   */
  onNotifying?: () => Promise<unknown>;
  /**
   * Assignments that changed (`job_assignment`: accepted, confirmed, released…; issue 26): a batch,
   * at most every `batchMs`; the caller schedules the accepted shifts' confirmation steps.
   */
  onAssignments?: (assignmentIds: number[]) => Promise<unknown>;
  /**
   * Vacancies with invitations made (`job_invitation`, "Chamar de novo"; issue 26): a batch, at most
   * every `batchMs`; the caller schedules the end of their windows.
   */
  onInvitations?: (jobIds: number[]) => Promise<unknown>;
  logger: WorkerLogger;
  /** How long changes are gathered before `onPayouts` (default 100 ms). */
  batchMs?: number;
  /** Wait before reconnecting after a loss (default 1 s). */
  retryMs?: number;
}

export interface PayoutListener {
  /** Resolves once the first LISTEN is in place. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The events naming an invoice whose charges may have changed (their payload's `invoiceId`). */
const INVOICE_CHARGE_EVENTS = new Set(['invoice_generated', 'invoice_paid', 'invoice_charge_updated']);

/**
 * The workers' `LISTEN turno_domain_events` (issue 25): a `payout_updated` event (a completion
 * created a payout, an admin released or retried one) hands the payout to the sender at once, and
 * an invoice's event (`invoice_paid` of "Marcar como paga", `invoice_charge_updated` of a deletion
 * that marked its charge for cancelling, `invoice_generated`) hands its charges to the
 * invoice-charges queue, instead of at the next 15 s sweep. PostgreSQL sends a notification when its
 * transaction commits, so the worker reads committed rows. Only a shortcut: a lost connection is
 * retried every second and what was committed meanwhile is found by the sweep, so nothing depends
 * on hearing every event.
 */
export function listenForPayouts(options: PayoutListenerOptions): PayoutListener {
  const batchMs = options.batchMs ?? 100;
  const retryMs = options.retryMs ?? 1_000;
  let client: Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  const heard = {
    payouts: new Set<number>(),
    invoices: new Set<number>(),
    assignments: new Set<number>(),
    invitations: new Set<number>(),
    notifying: false,
  };
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const hand = (
    ids: Set<number>,
    to: ((ids: number[]) => Promise<unknown>) | undefined,
    what: 'payouts' | 'invoices' | 'assignments' | 'invitations',
  ) => {
    const batch = [...ids];
    ids.clear();
    if (batch.length === 0 || !to) return;
    to(batch).catch((error: unknown) => {
      options.logger.error(
        { err: error, [what]: batch.length },
        `${what} heard but not enqueued (the sweep will)`,
      );
    });
  };
  const flush = () => {
    flushTimer = null;
    hand(heard.payouts, options.onPayouts, 'payouts');
    hand(heard.invoices, options.onInvoices, 'invoices');
    hand(heard.assignments, options.onAssignments, 'assignments');
    hand(heard.invitations, options.onInvitations, 'invitations');
    if (heard.notifying && options.onNotifying) {
      heard.notifying = false;
      options.onNotifying().catch((error: unknown) => {
        options.logger.error(
          { err: error },
          'notifying event heard but no scan enqueued (the 5 s scan will)',
        );
      });
    }
  };

  const connect = async () => {
    if (closing) return;
    const next = new Client({
      connectionString: options.connectionString,
      application_name: 'turno-workers-payouts',
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (closing) return;
      options.logger.error(
        { err: error ?? null },
        'payouts LISTEN lost: reconnecting (the sweep covers the gap)',
      );
      retry = setTimeout(() => void connect(), retryMs);
    };
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      const event = message.payload ? parseEventNotification(message.payload) : null;
      if (event && options.onNotifying && isNotifyingEvent(event)) {
        heard.notifying = true;
        flushTimer ??= setTimeout(flush, batchMs);
      }
      if (event?.type === 'payout_updated' && options.onPayouts) {
        const payoutId = event.payload.payoutId;
        if (!Number.isSafeInteger(payoutId)) return;
        heard.payouts.add(payoutId as number);
      } else if (event && INVOICE_CHARGE_EVENTS.has(event.type) && options.onInvoices) {
        const invoiceId = event.payload.invoiceId;
        if (!Number.isSafeInteger(invoiceId)) return;
        heard.invoices.add(invoiceId as number);
      } else if (event?.type === 'job_assignment' && options.onAssignments) {
        const assignmentId = event.payload.assignmentId;
        if (!Number.isSafeInteger(assignmentId)) return;
        heard.assignments.add(assignmentId as number);
      } else if (event?.type === 'job_invitation' && options.onInvitations) {
        const jobIds = event.payload.jobIds;
        if (!Array.isArray(jobIds)) return;
        for (const jobId of jobIds) if (Number.isSafeInteger(jobId)) heard.invitations.add(jobId as number);
      } else return;
      flushTimer ??= setTimeout(flush, batchMs);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
      resolveReady();
    } catch (error) {
      lost(error as Error);
    }
  };

  void connect();
  return {
    ready: () => ready,
    close: async () => {
      closing = true;
      if (retry) clearTimeout(retry);
      if (flushTimer) clearTimeout(flushTimer);
      const current = client;
      client = null;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}
