import { request, type IncomingHttpHeaders } from 'node:http';

/** One Server-Sent Event as a browser's EventSource would dispatch it. */
export interface ReceivedEvent {
  /** The `event:` field ('message' when absent). */
  type: string;
  /** The `id:` field, when the event had one. */
  id: string | undefined;
  data: string;
  /** `performance.timeOrigin + performance.now()` when it arrived. */
  receivedAt: number;
}

/**
 * A minimal SSE parser (WHATWG HTML §9.2.6): fields per line, an event per blank line; comments
 * and `retry:` ignored; an event without data is not dispatched.
 */
export class EventStreamParser {
  private buffer = '';
  private type = '';
  private id: string | undefined;
  private data: string[] = [];

  constructor(private readonly onEvent: (event: ReceivedEvent) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      this.line(line);
      newline = this.buffer.indexOf('\n');
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) {
        this.onEvent({
          type: this.type || 'message',
          id: this.id,
          data: this.data.join('\n'),
          receivedAt: performance.timeOrigin + performance.now(),
        });
      }
      this.type = '';
      this.id = undefined;
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.type = value;
    else if (field === 'id') this.id = value;
    else if (field === 'data') this.data.push(value);
  }
}

export interface OpenedEventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /**
   * The first event received from now on (or already received after `afterIndex`) that matches.
   * Waiting is not an assertion: the default wait (15 s) only turns a hang into a readable failure
   * before the test's own timeout, however loaded the machine.
   */
  next(match?: string | ((event: ReceivedEvent) => boolean), timeoutMs?: number): Promise<ReceivedEvent>;
  /** The id of the last event received that had one (a `ping` heartbeat has none). */
  lastId(): string | undefined;
  /** The body of a refused request (401, 403: JSON). */
  body(): Promise<string>;
  /** Resolves when the server (or `close`) ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET url` as an event stream, the way a browser's EventSource does (Accept:
 * text/event-stream, the cookie, `Last-Event-ID` when given) and collects its events.
 */
export function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<OpenedEventStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    const req = request(url, { headers, agent: false }, (res) => {
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      const parser = new EventStreamParser((event) => {
        events.push(event);
        for (const wake of [...waiters]) wake();
      });
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (res.statusCode === 200) parser.push(chunk);
        else text += chunk;
      });
      const ended = new Promise<void>((done) => {
        res.on('close', () => {
          done();
          for (const wake of [...waiters]) wake();
        });
      });
      let consumed = 0;
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        ended,
        body: () => ended.then(() => text),
        close: () => req.destroy(),
        lastId: () => events.findLast((event) => event.id !== undefined)?.id,
        next(match, timeoutMs = 15_000) {
          const matches =
            match === undefined
              ? () => true
              : typeof match === 'string'
                ? (event: ReceivedEvent) => event.type === match
                : match;
          return new Promise((found, fail) => {
            const look = () => {
              while (consumed < events.length) {
                const event = events[consumed++] as ReceivedEvent;
                if (matches(event)) {
                  cleanup();
                  found(event);
                  return;
                }
              }
              if (res.closed) {
                cleanup();
                fail(new Error('the stream ended'));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(
                new Error(
                  `no matching event in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`,
                ),
              );
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(look);
            };
            waiters.add(look);
            look();
          });
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}
