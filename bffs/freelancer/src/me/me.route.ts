import { callerDataVersion, route } from '@turno/bff-kit';
import { FreelancerMeSchema } from '@turno/contracts';
import { readFreelancerMe } from './me.queries';

/**
 * GET /api/freelancers/me — the signed-in freelancer's profile (spec 01 §7): the status banners
 * and the apply button read it. 404 "Perfil não encontrado…" when the profile is gone; `304`
 * while nothing of this freelancer changed (an approval is an event of theirs).
 */
export const getMe = route({
  method: 'get',
  path: '/api/freelancers/me',
  access: 'freelancer',
  response: FreelancerMeSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => readFreelancerMe(em, actor.freelancerId),
});
