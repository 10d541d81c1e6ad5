import type { PublishedEvent } from '@turno/core';
import type { LiveStream, StreamEnd } from './live-stream';
import { HEARTBEAT_FRAME, eventFrame, resyncFrame } from './sse';

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
  private readonly admins = new Set<LiveStream>();
  private readonly restaurants = new Set<LiveStream>();
  private readonly freelancers = new Set<LiveStream>();
  private readonly byRestaurant = new Map<number, Set<LiveStream>>();
  private readonly byFreelancer = new Map<number, Set<LiveStream>>();

  get size(): number {
    return this.admins.size + this.restaurants.size + this.freelancers.size;
  }

  add(stream: LiveStream): void {
    const { audience } = stream;
    if (audience.kind === 'admin') this.admins.add(stream);
    else if (audience.kind === 'restaurant') {
      this.restaurants.add(stream);
      addTo(this.byRestaurant, audience.restaurantId, stream);
    } else {
      this.freelancers.add(stream);
      addTo(this.byFreelancer, audience.freelancerId, stream);
    }
  }

  remove(stream: LiveStream): void {
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
