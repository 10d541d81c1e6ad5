import { Client } from 'pg';
import { DOMAIN_EVENTS_CHANNEL, parseEventNotification } from '@turno/core';
import type { WorkerLogger } from './worker-process';

export interface PayoutListenerOptions {
  /** PostgreSQL URL of the database whose `domain_events` trigger notifies. */
  connectionString: string;
  /** Payouts that changed (a batch, at most every `batchMs`): the caller enqueues the pending ones. */
  onPayouts: (payoutIds: number[]) => Promise<unknown>;
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

/**
 * The workers' `LISTEN turno_domain_events` (issue 25): a `payout_updated` event (a completion
 * created a payout, an admin released or retried one) hands the payout to the sender at once
 * instead of at the next 15 s sweep. Only a shortcut: a lost connection is retried every second and
 * what was committed meanwhile is found by the sweep, so nothing depends on hearing every event.
 */
export function listenForPayouts(options: PayoutListenerOptions): PayoutListener {
  const batchMs = options.batchMs ?? 100;
  const retryMs = options.retryMs ?? 1_000;
  let client: Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  const heard = new Set<number>();
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const flush = () => {
    flushTimer = null;
    const ids = [...heard];
    heard.clear();
    if (ids.length === 0) return;
    options.onPayouts(ids).catch((error: unknown) => {
      options.logger.error(
        { err: error, payouts: ids.length },
        'payouts heard but not enqueued (the sweep will)',
      );
    });
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
      if (event?.type !== 'payout_updated') return;
      const payoutId = event.payload.payoutId;
      if (!Number.isSafeInteger(payoutId)) return;
      heard.add(payoutId as number);
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
