import { HttpError, route } from '@turno/bff-kit';
import { ProfileSetupRequestSchema, ProfileSetupResponseSchema } from '@turno/contracts';
import { acceptTerms, assertCurrentTermsVersions, setupProfile } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { consentContext } from './consents';
import { currentUserView } from './users';

/**
 * POST /api/profile/setup — first-time profile of the signed-in user (spec 01 §2 "Profile setup"):
 * a restaurant (awaits approval, active) or a freelancer (awaits approval, available). Phone and
 * CEP are checked and stored as digits, the establishment type and specialties must be from the
 * lists (services/core `setupProfile`). 201 with the user as /api/users/me now answers; 409 when
 * the user already has a profile. Issue 27: the body must accept the terms of use and the privacy
 * notice in force (`acceptedTerms: true` and their versions; zod refuses without it, core refuses an
 * old version); the acceptance is recorded once the profile exists (should that fail, the host asks
 * again at the next session check).
 */
export const profileSetup = route({
  method: 'post',
  path: '/api/profile/setup',
  access: 'user',
  rateLimit: 'profileWrite',
  body: ProfileSetupRequestSchema,
  response: ProfileSetupResponseSchema,
  status: 201,
  handler: async ({ ctx, em, actor, body }) => {
    if (actor.profile) throw new HttpError(409, MESSAGES.setup.alreadyCompleted);
    assertCurrentTermsVersions(body);
    await setupProfile(em, actor.userId, body);
    await acceptTerms(em, actor.userId, body, consentContext(ctx, 'host/setup'));
    return { success: true as const, user: await currentUserView(em.fork(), actor.userId) };
  },
});
