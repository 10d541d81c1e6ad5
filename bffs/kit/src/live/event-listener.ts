import { Client, type Notification } from 'pg';
import { DOMAIN_EVENTS_CHANNEL, parseEventNotification, type PublishedEvent } from '@turno/core';
import type { Logger } from '@turno/server-runtime';

export interface EventListenerOptions {
  /** PostgreSQL URL of the database whose `domain_events` trigger notifies. */
  connectionString: string;
  /** Each event committed, in commit order. */
  onEvent: (event: PublishedEvent) => void;
  /** The connection came back after a loss: events committed meanwhile were not heard. */
  onReconnect: () => void;
  logger: Logger;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  /** First and longest wait between reconnection attempts (doubling, with jitter). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A query on the connection this often proves it alive (a half-open TCP connection hears nothing). */
  healthCheckMs?: number;
  healthCheckTimeoutMs?: number;
}

/**
 * The one `LISTEN turno_domain_events` connection of a BFF process (not from the ORM's pool: it
 * stays open and is never lent out). Lost (server restart, network, failed health check), it
 * reconnects with exponential backoff and says so, because what was committed in between was not
 * heard.
 */
export class DomainEventListener {
  private client: Client | null = null;
  private connected = false;
  private everConnected = false;
  private closing = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;

  constructor(private readonly options: EventListenerOptions) {
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
  }

  /** True while the LISTEN connection is up. */
  get isListening(): boolean {
    return this.connected;
  }

  /** Connects (and keeps reconnecting until `close`). */
  start(): void {
    void this.connect();
    const every = this.options.healthCheckMs ?? 30_000;
    this.healthTimer = setInterval(() => void this.checkHealth(), every);
    this.healthTimer.unref();
  }

  /** Resolves once the first LISTEN is in place. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closing) return;
    const client = new Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      application_name: this.options.applicationName ?? 'turno-live',
    });
    this.client = client;
    client.on('notification', (message: Notification) => {
      if (message.channel !== DOMAIN_EVENTS_CHANNEL || client !== this.client) return;
      const event = parseEventNotification(message.payload ?? '');
      if (event) this.options.onEvent(event);
      else this.options.logger.warn({ payload: message.payload }, 'live: unreadable notification');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (client !== this.client) return;
    this.connected = true;
    this.attempt = 0;
    if (this.everConnected) {
      this.options.logger.info('live: listening again');
      this.options.onReconnect();
    } else {
      this.everConnected = true;
      this.options.logger.debug('live: listening');
      this.resolveReady();
    }
  }

  /** The connection of `client` is gone: drop it and try again after a backoff. */
  private lost(client: Client, error: unknown): void {
    if (client !== this.client || this.closing) return;
    this.client = null;
    this.connected = false;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    const min = this.options.minBackoffMs ?? 250;
    const max = this.options.maxBackoffMs ?? 30_000;
    const delay = Math.min(max, min * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.options.logger.warn(
      { err: error instanceof Error ? error.message : String(error), retryInMs: Math.round(delay) },
      'live: LISTEN connection lost',
    );
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private async checkHealth(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return;
    const timeoutMs = this.options.healthCheckTimeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('select 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('health check timed out')), timeoutMs);
        }),
      ]);
    } catch (error) {
      this.lost(client, error);
    } finally {
      clearTimeout(timer);
    }
  }
}
