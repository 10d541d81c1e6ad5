import { route } from '@turno/bff-kit';
import { FreelancerProfileUpdateResponseSchema, FreelancerProfileUpdateSchema } from '@turno/contracts';
import { updateFreelancerProfile } from '@turno/core';
import { readFreelancerMe } from '../me/me.queries';
import { geocodeHomeAfterSave } from '../search-area/search-area.route';
import { MESSAGES } from '@turno/domain';

/**
 * PUT /api/freelancers/profile — the freelancer edits their own profile (spec 01 §7) through the
 * accounts service: "Nome, CPF e Chave PIX são obrigatórios!", CPF checked digits, PIX key a CPF,
 * e-mail, phone or random key. Answers the profile as GET /api/freelancers/me now does.
 */
export const updateProfile = route({
  method: 'put',
  path: '/api/freelancers/profile',
  access: 'freelancer',
  rateLimit: 'profileWrite',
  body: FreelancerProfileUpdateSchema,
  response: FreelancerProfileUpdateResponseSchema,
  handler: async ({ em, actor, body }) => {
    await updateFreelancerProfile(em, actor, {
      name: body.name,
      phone: body.phone,
      address: body.address,
      cpf: body.cpf,
      pixKey: body.pix_key,
      experienceYears: body.experience_years,
      specialties: body.specialties,
    });
    // Issue 26: a new home address is placed for "Vagas perto de você" (not awaited).
    geocodeHomeAfterSave(em, actor.freelancerId);
    return {
      success: true as const,
      message: MESSAGES.freelancers.profileUpdated,
      profile: await readFreelancerMe(em.fork(), actor.freelancerId),
    };
  },
});
