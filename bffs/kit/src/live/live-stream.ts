import type { ServerResponse } from 'node:http';
import type { EventAudience, PublishedEvent } from '@turno/core';
import type { SessionKind } from '../session/store';
import { eventFrame, readyFrame, resyncFrame, retryFrame } from './sse';

/** The reconnection delay a superseded stream is told before it ends. */
const SUPERSEDED_RETRY_MS = 60_000;

/** How many times `maxBufferedBytes` one burst may briefly hold before the stream is cut at once. */
const BURST_ALLOWANCE = 4;

/** Why a stream ended. */
export type StreamEnd =
  | 'client' // the browser (or the gateway) closed it
  | 'slow' // its unsent bytes passed the bound: cut instead of buffered
  | 'session_ended' // logout, idle or absolute timeout
  | 'account_deleted' // its restaurant or freelancer account was deleted
  | 'superseded' // its session opened more streams than it may keep (this was the oldest)
  | 'shutdown'; // the process is stopping

export interface LiveStreamInit {
  res: ServerResponse;
  audience: EventAudience;
  /** The Redis key of the caller's session (never the session id) and its kind. */
  session: { key: string; kind: SessionKind };
  /** Most bytes the stream may hold unsent (its socket's buffer included) before it is cut (see `write`). */
  maxBufferedBytes: number;
  onEnd: (stream: LiveStream, reason: StreamEnd) => void;
}

/**
 * One browser's open `GET /api/events`. It starts replaying (what the browser missed is read from
 * the database) and holds the events that arrive meanwhile; once the replay is sent it writes each
 * event as it comes, skipping those the replay already carried. A browser that does not read is
 * cut as soon as its unsent bytes pass the bound: memory never grows with a slow client.
 */
export class LiveStream {
  readonly audience: EventAudience;
  readonly session: { key: string; kind: SessionKind };
  /** The id of the last event written (events at or below it are not written again). */
  private lastWrittenId = 0;
  /** Events that arrived during the replay, written after it; null once live. */
  private heldDuringReplay: { event: PublishedEvent; frame: string }[] | null = [];
  private ended = false;
  private recheckPending = false;

  constructor(private readonly init: LiveStreamInit) {
    this.audience = init.audience;
    this.session = init.session;
    init.res.on('close', () => this.end('client'));
    init.res.on('error', () => this.end('client'));
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  /** An event for this stream (the hub already checked its audience), its frame built once for all. */
  deliver(event: PublishedEvent, frame: string): void {
    if (this.ended) return;
    if (this.heldDuringReplay) {
      this.heldDuringReplay.push({ event, frame });
      return;
    }
    this.writeEvent(event, frame);
  }

  /** Sends what the browser missed after `afterId`, then goes live. */
  finishReplay(missed: readonly PublishedEvent[], afterId: number): void {
    this.lastWrittenId = afterId;
    for (const event of missed) {
      const frame = eventFrame(event);
      if (frame) this.writeEvent(event, frame);
    }
    this.goLive();
  }

  /** A new stream (nothing to replay): `ready` with the audience's latest id, then live. */
  finishWithoutReplay(latestId: number): void {
    this.write(readyFrame(latestId));
    this.goLive();
  }

  /**
   * What the browser missed cannot be replayed: `resync` (its screens reload), resuming after
   * `latestId` (null: unknown, the browser keeps its own).
   */
  resync(latestId: number | null): void {
    if (latestId !== null) this.lastWrittenId = Math.max(this.lastWrittenId, latestId);
    this.write(resyncFrame(latestId));
    this.goLive();
  }

  /**
   * Writes a frame unless the browser is too far behind; false when the stream is (now) closed.
   * Node holds what one turn of the event loop writes and hands it to the socket at the end of the
   * turn, so a burst (many events committed together) briefly counts as unsent even for a fast
   * browser: past `maxBufferedBytes` the stream is looked at again once the socket had its chance,
   * and cut if still behind; past four times that, it is cut at once.
   */
  write(frame: string): boolean {
    if (this.ended) return false;
    const { res, maxBufferedBytes } = this.init;
    if (res.writableLength + Buffer.byteLength(frame) > maxBufferedBytes * BURST_ALLOWANCE) {
      this.end('slow');
      return false;
    }
    res.write(frame);
    if (res.writableLength > maxBufferedBytes && !this.recheckPending) {
      this.recheckPending = true;
      setImmediate(() => {
        this.recheckPending = false;
        if (res.writableLength > maxBufferedBytes) this.end('slow');
      });
    }
    return true;
  }

  /** Ends the stream once (a slow one is cut at once: its unsent bytes are dropped). */
  end(reason: StreamEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.heldDuringReplay = null;
    const { res } = this.init;
    // A superseded stream's browser waits a minute before it tries again (instead of 2–5 s).
    if (reason === 'superseded' && !res.writableEnded)
      res.write(retryFrame(SUPERSEDED_RETRY_MS, SUPERSEDED_RETRY_MS));
    if (reason === 'slow') res.destroy();
    else if (!res.writableEnded) res.end();
    this.init.onEnd(this, reason);
  }

  private writeEvent(event: PublishedEvent, frame: string): void {
    if (event.id <= this.lastWrittenId) return;
    this.lastWrittenId = event.id;
    this.write(frame);
  }

  private goLive(): void {
    const held = this.heldDuringReplay ?? [];
    this.heldDuringReplay = null;
    for (const { event, frame } of held) this.writeEvent(event, frame);
  }
}
