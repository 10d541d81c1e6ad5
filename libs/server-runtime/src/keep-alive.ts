/**
 * Idle kept-alive connections between the gateway and the BFFs. The side that opens a connection
 * (the gateway's pool) must give up an idle one before the side that answers (a BFF) closes it:
 * otherwise a request can go out on a connection the BFF is closing at that moment, and be refused
 * with ECONNRESET (the gateway answers a write 502: it cannot know whether the write was done). So
 * the gateway drops an idle connection after UPSTREAM_IDLE_MS and a BFF keeps one for
 * SERVER_KEEP_ALIVE_MS, well beyond it (and beyond the 60 s idle timeout of the common cloud load
 * balancers, for a BFF deployed behind one).
 */
export const UPSTREAM_IDLE_MS = 30_000;
export const SERVER_KEEP_ALIVE_MS = 65_000;
/** A server's limit for a request's headers: above its keep-alive (Node's advice). */
export const SERVER_HEADERS_TIMEOUT_MS = SERVER_KEEP_ALIVE_MS + 1_000;
