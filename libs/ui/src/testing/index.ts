/**
 * Test helpers for screens that read BFF lists (`@turno/ui/testing`, tests only): a fake fetch
 * answering from a queue, and the few queries every list screen test asks of the page.
 */
import { act, screen } from '@testing-library/react';
import type { InvoicePixCharge } from '@turno/contracts';
import { forgetLiveConnections } from '../live/live-connection';

/** A fetch answer as the BFF sends it (jsdom has no Response class). */
export function answer(status: number, body?: unknown, etag?: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'etag' ? (etag ?? null) : null) },
    json: async () => body,
  } as unknown as Response;
}

/** The fetch of a screen: answers from a queue, records each URL and its If-None-Match. */
export function fakeBff(...answers: Response[]) {
  const requests: { url: string; ifNoneMatch: string | undefined }[] = [];
  const fetchImpl = async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(url),
      ifNoneMatch: (init?.headers as Record<string, string> | undefined)?.['If-None-Match'],
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${String(url)}`);
    return next;
  };
  return { fetchImpl: fetchImpl as typeof fetch, requests };
}

/** Lets pending fetches and state updates finish. */
export const settle = () => act(async () => undefined);
/** The list's "Mostrando x de y". */
export const listCount = () => screen.getByTestId('list-count').textContent;
/** The table's rows without its header. */
export const bodyRows = () => screen.getAllByRole('row').slice(1);

/** A 150-character "Pix copia e cola" code, as long as a cobv's BR Code gets (tests only). */
export const LONG_BR_CODE =
  '00020101021226930014br.gov.bcb.pix2571pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5905TURNO6009SAO PAULO62070503***6304'.slice(
    0,
    146,
  ) + 'AB12';

/** An invoice's Pix charge as the BFFs send it (`InvoicePixChargeSchema`), `active` by default. */
export function invoicePixChargeFixture(overrides: Partial<InvoicePixCharge> = {}): InvoicePixCharge {
  return {
    status: 'active',
    txid: 'TURNOFAT0007W47000000000000001',
    br_code: LONG_BR_CODE,
    qr_svg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25"><path fill="#fff" d="M0 0h25v25H0z"/><path stroke="#000" d="M0 0.5h7"/></svg>',
    due_date: '2026-11-30',
    amount: 189.9,
    received_at: null,
    received_amount: null,
    ...overrides,
  };
}

/** A live stream the fakes of {@link installFakeLiveStreams} opened (`/bff/<source>/api/events`). */
export interface FakeLiveStream {
  readonly url: string;
  readonly closed: boolean;
}

/**
 * Installs a fake EventSource as the page's (jsdom has none) and forgets the live connections made
 * before, so the next screen that listens opens one of these. `emit` sends an event on every open
 * stream as the BFF does (`id`, `event: <type>`, `data: <payload JSON>`); `uninstall` removes the
 * fake and forgets the connections again. Tests only.
 */
export function installFakeLiveStreams() {
  type Listener = (event: MessageEvent) => void;
  const streams: (FakeLiveStream & {
    emit(type: string, data: unknown, id: string): void;
  })[] = [];
  class FakeEventSource {
    readyState = 0;
    onopen: ((event: Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    closed = false;
    private readonly listeners = new Map<string, Listener[]>();
    constructor(readonly url: string) {
      streams.push(this);
    }
    addEventListener(type: string, listener: Listener): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close(): void {
      this.closed = true;
      this.readyState = 2;
    }
    emit(type: string, data: unknown, id: string): void {
      if (this.readyState === 0) {
        this.readyState = 1;
        this.onopen?.(new Event('open'));
      }
      const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  const define = (value: unknown) =>
    Object.defineProperty(globalThis, 'EventSource', { value, configurable: true, writable: true });
  define(FakeEventSource);
  forgetLiveConnections();
  let nextId = 1;
  return {
    /** Every stream opened since, closed ones too. */
    streams: streams as readonly FakeLiveStream[],
    /** An event of `type` with `data` on every open stream (in React's `act`). */
    emit(type: string, data: unknown) {
      const id = String(nextId++);
      act(() => {
        for (const stream of streams) if (!stream.closed) stream.emit(type, data, id);
      });
    },
    uninstall() {
      define(undefined);
      forgetLiveConnections();
    },
  };
}
