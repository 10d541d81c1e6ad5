import type { PublishedEvent } from '@turno/core';
import type { LiveStream, StreamEnd } from './live-stream';
import { HEARTBEAT_FRAME, eventFrame, resyncFrame } from './sse';

/** Most live streams one session keeps open (one browser needs one: its tabs share it). */
export const DEFAULT_MAX_STREAMS_PER_SESSION = 4;

/** Deleting an account ends the streams of that account (their session has no profile any more). */
const ACCOUNT_DELETIONS: Readonly<Record<string, 'restaurant' | 'freelancer'>> = {
  restaurant_deleted: 'restaurant',
  freelancer_deleted: 'freelancer',
};

/**
 * The open streams of one BFF process, indexed by audience so that an event reaches its streams
 * without looking at the others: admins (every event), restaurants by id, freelancers by id, and
 * the sets of every restaurant and every freelancer stream (events for all of them). Each event's
 * frame is built once and written to each of its streams.
 */
export class LiveHub {
  /** The open streams of each session (by its Redis key), oldest first. */
  private readonly bySession = new Map<string, LiveStream[]>();
  private readonly admins = new Set<LiveStream>();
  private readonly restaurants = new Set<LiveStream>();
  private readonly freelancers = new Set<LiveStream>();
  private readonly byRestaurant = new Map<number, Set<LiveStream>>();
  private readonly byFreelancer = new Map<number, Set<LiveStream>>();

  /** @param maxStreamsPerSession most open streams one session keeps; a newer one ends the oldest. */
  constructor(private readonly maxStreamsPerSession: number = DEFAULT_MAX_STREAMS_PER_SESSION) {}

  get size(): number {
    return this.admins.size + this.restaurants.size + this.freelancers.size;
  }

  /** How many streams a session has open (by its Redis key). */
  streamsOf(sessionKey: string): number {
    return this.bySession.get(sessionKey)?.length ?? 0;
  }

  /**
   * Adds a stream. A session holds at most `maxStreamsPerSession` (a browser needs one: its tabs
   * share it): past that, its oldest stream ends (`superseded`), so one session cannot pile up
   * open connections.
   */
  add(stream: LiveStream): void {
    const ofSession = this.bySession.get(stream.session.key) ?? [];
    ofSession.push(stream);
    this.bySession.set(stream.session.key, ofSession);
    const { audience } = stream;
    if (audience.kind === 'admin') this.admins.add(stream);
    else if (audience.kind === 'restaurant') {
      this.restaurants.add(stream);
      addTo(this.byRestaurant, audience.restaurantId, stream);
    } else {
      this.freelancers.add(stream);
      addTo(this.byFreelancer, audience.freelancerId, stream);
    }
    while (ofSession.length > this.maxStreamsPerSession) {
      const oldest = ofSession[0]!;
      oldest.end('superseded');
      if (ofSession[0] === oldest) this.remove(oldest); // its onEnd did not remove it
    }
  }

  remove(stream: LiveStream): void {
    const ofSession = this.bySession.get(stream.session.key);
    if (ofSession) {
      const index = ofSession.indexOf(stream);
      if (index >= 0) ofSession.splice(index, 1);
      if (ofSession.length === 0) this.bySession.delete(stream.session.key);
    }
    const { audience } = stream;
    if (audience.kind === 'admin') this.admins.delete(stream);
    else if (audience.kind === 'restaurant') {
      this.restaurants.delete(stream);
      removeFrom(this.byRestaurant, audience.restaurantId, stream);
    } else {
      this.freelancers.delete(stream);
      removeFrom(this.byFreelancer, audience.freelancerId, stream);
    }
  }

  /** Writes the event to every stream it concerns; returns how many. */
  publish(event: PublishedEvent): number {
    const frame = eventFrame(event);
    if (!frame) return 0;
    let delivered = 0;
    const send = (streams: Iterable<LiveStream> | undefined) => {
      for (const stream of streams ?? []) {
        stream.deliver(event, frame);
        delivered += 1;
      }
    };
    send(this.admins);
    if (event.allRestaurants) send(this.restaurants);
    else if (event.restaurantId !== null) send(this.byRestaurant.get(event.restaurantId));
    if (event.allFreelancers) send(this.freelancers);
    else if (event.freelancerId !== null) send(this.byFreelancer.get(event.freelancerId));

    const deleted = ACCOUNT_DELETIONS[event.type];
    const ownerId = deleted === 'restaurant' ? event.restaurantId : event.freelancerId;
    if (deleted && ownerId !== null) {
      const owners = (deleted === 'restaurant' ? this.byRestaurant : this.byFreelancer).get(ownerId);
      for (const stream of [...(owners ?? [])]) stream.end('account_deleted');
    }
    return delivered;
  }

  /** The heartbeat, to every stream. */
  heartbeat(): void {
    for (const stream of this.all()) stream.write(HEARTBEAT_FRAME);
  }

  /** Every stream may have missed events (the listener reconnected): each browser reloads. */
  resyncAll(): void {
    const frame = resyncFrame(null);
    for (const stream of this.all()) stream.write(frame);
  }

  /** Ends every stream. */
  endAll(reason: StreamEnd): void {
    for (const stream of this.all()) stream.end(reason);
  }

  /** A snapshot of the open streams (safe to end streams while iterating it). */
  all(): LiveStream[] {
    return [...this.admins, ...this.restaurants, ...this.freelancers];
  }
}

function addTo(index: Map<number, Set<LiveStream>>, id: number, stream: LiveStream): void {
  let streams = index.get(id);
  if (!streams) index.set(id, (streams = new Set()));
  streams.add(stream);
}

function removeFrom(index: Map<number, Set<LiveStream>>, id: number, stream: LiveStream): void {
  const streams = index.get(id);
  if (!streams) return;
  streams.delete(stream);
  if (streams.size === 0) index.delete(id);
}
