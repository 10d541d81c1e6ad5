import { HttpError, enforceUserRateLimit, route, type RouteInput } from '@turno/bff-kit';
import {
  PresenceParamsSchema,
  PresenceProofRequestSchema,
  PresenceResponseSchema,
  type PresenceProofRequest,
  type PresenceResponse,
} from '@turno/contracts';
import {
  PresenceKeys,
  checkInByPresence,
  checkOutByPresence,
  optionalConsentWithdrawn,
  type PresenceCodeClaims,
  type PresenceDependencies,
  type PresenceState,
} from '@turno/core';
import {
  MESSAGES,
  PRESENCE_CODE_ACCEPTED_PAST_STEPS,
  PRESENCE_CODE_STEP_SECONDS,
  PRIVACY_MESSAGES,
} from '@turno/domain';

/**
 * Which shift used a store's code step, in Redis (every replica sees the same): the first claim
 * wins, the same shift may claim again, and the key outlives the time the code can be accepted.
 */
export function redisPresenceClaims(redis: Redis, keyPrefix: string): PresenceCodeClaims {
  const ttl = PRESENCE_CODE_STEP_SECONDS * (PRESENCE_CODE_ACCEPTED_PAST_STEPS + 2);
  return {
    claim: async (storeId, step, assignmentId) => {
      // Per store (issue 28): a key space of its own, apart from the business-keyed claims before it.
      const key = `${keyPrefix}presence:store-code:${storeId}:${step}`;
      if ((await redis.set(key, String(assignmentId), 'EX', ttl, 'NX')) === 'OK') return true;
      return (await redis.get(key)) === String(assignmentId);
    },
  };
}

let keys: PresenceKeys | undefined;
/** The sealing key (PRESENCE_CODE_KEY), read on first use. */
const presenceKeys = () => (keys ??= new PresenceKeys());

type Input = RouteInput<unknown, unknown, unknown, 'freelancer'>;
type Redis = Input['redis'];

/** The dependencies of one call; a code attempt counts against the per-user limit first (429 past it). */
async function dependencies(
  input: Pick<Input, 'ctx' | 'redis' | 'sessions' | 'actor'>,
  body: PresenceProofRequest,
): Promise<PresenceDependencies> {
  const { keyPrefix, userRateLimits } = input.sessions.settings;
  if (body.code) {
    await enforceUserRateLimit(input.ctx, {
      redis: input.redis,
      keyPrefix,
      name: 'presenceCode',
      limit: userRateLimits.presenceCode,
      actor: input.actor,
    });
  }
  return { keys: presenceKeys(), claims: redisPresenceClaims(input.redis, keyPrefix) };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function answer(state: PresenceState, message: string): PresenceResponse {
  return {
    success: true,
    message,
    id: state.assignmentId,
    job_id: state.jobId,
    assignment_status: state.status,
    check_in_time: iso(state.checkInAt),
    check_out_time: iso(state.checkOutAt),
    method: state.method,
    distance_m: state.distanceM,
  };
}

/**
 * Issue 27: a position from someone who withdrew "Localização no check-in" (Perfil → Privacidade)
 * is refused before it is used (409: the dialog then offers the store code and the manager).
 */
async function refuseWithdrawnPosition(input: Pick<Input, 'em' | 'actor'>, body: PresenceProofRequest) {
  if (body.position && (await optionalConsentWithdrawn(input.em, input.actor.userId, 'location_check_in'))) {
    throw new HttpError(409, PRIVACY_MESSAGES.locationWithdrawn);
  }
}

const proofOf = (body: PresenceProofRequest) => ({
  position: body.position ?? null,
  code: body.code ?? null,
});

/**
 * POST /api/freelancers/presence/:id/check-in — `{ position?: { latitude, longitude, accuracy }, code? }`:
 * inside the store's geofence, or with the store's presence code, the check-in is recorded at once
 * (no manager). Outside, a store without coordinates or a wrong code: 409 with the reason in pt-BR.
 * Code attempts are rate-limited per user (USER_RATE_LIMITS.presenceCode).
 */
export const presenceCheckIn = route({
  method: 'post',
  path: '/api/freelancers/presence/:id/check-in',
  access: 'freelancer',
  params: PresenceParamsSchema,
  body: PresenceProofRequestSchema,
  response: PresenceResponseSchema,
  handler: async (input) => {
    const { em, actor, params, body } = input;
    await refuseWithdrawnPosition(input, body);
    const state = await checkInByPresence(
      em,
      actor,
      await dependencies(input, body),
      params.id,
      proofOf(body),
    );
    return answer(
      state,
      state.method === 'code' ? MESSAGES.presence.checkedInByCode : MESSAGES.presence.checkedInByLocation,
    );
  },
});

/** POST /api/freelancers/presence/:id/check-out — the same proof; completes the shift, paid by the worked time. */
export const presenceCheckOut = route({
  method: 'post',
  path: '/api/freelancers/presence/:id/check-out',
  access: 'freelancer',
  params: PresenceParamsSchema,
  body: PresenceProofRequestSchema,
  response: PresenceResponseSchema,
  handler: async (input) => {
    const { em, actor, params, body } = input;
    await refuseWithdrawnPosition(input, body);
    const state = await checkOutByPresence(
      em,
      actor,
      await dependencies(input, body),
      params.id,
      proofOf(body),
    );
    return answer(
      state,
      state.method === 'code' ? MESSAGES.presence.checkedOutByCode : MESSAGES.presence.checkedOutByLocation,
    );
  },
});
