import { Secret, TOTP } from 'otpauth';
import {
  PRESENCE_CODE_ACCEPTED_PAST_STEPS,
  PRESENCE_CODE_DIGITS,
  PRESENCE_CODE_STEP_SECONDS,
  presenceCodeSecondsLeft,
  presenceCodeStep,
  presenceCodeStepAccepted,
} from '@turno/domain';

/**
 * A store's presence code: a TOTP (RFC 6238, SHA-1, 6 digits, 30 s) of the store's own secret, as
 * libs/domain presence.ts describes. The secret is 160 random bits (base32), sealed at rest.
 */
const totpOf = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: PRESENCE_CODE_DIGITS,
    period: PRESENCE_CODE_STEP_SECONDS,
  });

export function newPresenceSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export interface PresenceCode {
  code: string;
  step: number;
  secondsLeft: number;
}

/** The code the store shows at `now`. */
export function presenceCodeAt(secret: string, now: Date): PresenceCode {
  return {
    code: totpOf(secret).generate({ timestamp: now.getTime() }),
    step: presenceCodeStep(now),
    secondsLeft: presenceCodeSecondsLeft(now),
  };
}

/** The step of the code when it is the store's code of `now` or of the step before; otherwise null. */
export function matchPresenceCode(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: PRESENCE_CODE_ACCEPTED_PAST_STEPS,
  });
  if (delta === null) return null;
  const step = presenceCodeStep(now) + delta;
  // validate() looks a step ahead too: a code of the next step is not accepted yet.
  return presenceCodeStepAccepted(step, now) ? step : null;
}
