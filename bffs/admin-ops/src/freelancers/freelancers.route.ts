import { callerDataVersion, route } from '@turno/bff-kit';
import { accountUserId, endSessionsOf } from '../account-sessions';
import {
  AccountRemovalResponseSchema,
  AccountReviewResponseSchema,
  AdminFreelancerRequestSchema,
  AdminFreelancerSavedSchema,
  AdminFreelancersPageSchema,
  AdminFreelancersQuerySchema,
  AdminIdParamsSchema,
  FreelancerOptionsPageSchema,
  FreelancerOptionsQuerySchema,
  type AdminFreelancerRequest,
} from '@turno/contracts';
import {
  approveFreelancer,
  createFreelancer,
  rejectFreelancer,
  removeFreelancerAccount,
  updateFreelancerProfile,
  type FreelancerProfileInput,
} from '@turno/core';
import { listAdminFreelancersPage, listFreelancerOptionsPage } from './freelancers.queries';
import { MESSAGES } from '@turno/domain';

/** GET /api/admin/freelancers — one page of the "Freelancers" tab (spec 02 §2), with its stat cards. */
export const listFreelancersRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/freelancers',
  query: AdminFreelancersQuerySchema,
  response: AdminFreelancersPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query, dataVersion }) => listAdminFreelancersPage(em, query, { dataVersion }),
});

/**
 * GET /api/admin/freelancer-options — freelancers sorted by name for a picker: the assign modal
 * (approved and available only) and the block modal (every one, states shown).
 */
export const listFreelancerOptionsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/freelancer-options',
  query: FreelancerOptionsQuerySchema,
  response: FreelancerOptionsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listFreelancerOptionsPage(em, query),
});

/** The admin form's snake_case fields (spec 02 §7) as the accounts service reads them. */
function profileInput(body: AdminFreelancerRequest): FreelancerProfileInput {
  return {
    name: body.name,
    cpf: body.cpf,
    pixKey: body.pix_key,
    phone: body.phone ?? null,
    address: body.address ?? null,
    experienceYears: body.experience_years ?? null,
    specialties: body.specialties ?? [],
  };
}

/** POST /api/admin/freelancers — the admin creates a freelancer (approved: the admin vouches for them). */
export const createFreelancerRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/freelancers',
  body: AdminFreelancerRequestSchema,
  response: AdminFreelancerSavedSchema,
  status: 201,
  handler: async ({ em, actor, body }) => {
    const created = await createFreelancer(em, actor, { ...profileInput(body), email: body.email });
    return { freelancerId: created.freelancerId };
  },
});

/** PUT /api/admin/freelancers/{id} — the edit modal (the same fields, without e-mail). */
export const updateFreelancerRoute = route({
  method: 'put',
  access: 'admin',
  path: '/api/admin/freelancers/:id',
  params: AdminIdParamsSchema,
  body: AdminFreelancerRequestSchema,
  response: AdminFreelancerSavedSchema,
  handler: ({ em, actor, params, body }) =>
    updateFreelancerProfile(em, actor, { ...profileInput(body), freelancerId: params.id }),
});

/** POST /api/admin/freelancers/{id}/approve */
export const approveFreelancerRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/freelancers/:id/approve',
  params: AdminIdParamsSchema,
  response: AccountReviewResponseSchema,
  handler: ({ em, actor, params }) => approveFreelancer(em, actor, params.id),
});

/**
 * POST /api/admin/freelancers/{id}/reject — the account is deactivated (is_available false). Its
 * sessions stay, read-only: the open app shows the "Perfil inativo" banner, not "Sessão expirada".
 */
export const rejectFreelancerRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/freelancers/:id/reject',
  params: AdminIdParamsSchema,
  response: AccountReviewResponseSchema,
  handler: ({ em, actor, params }) => rejectFreelancer(em, actor, params.id),
});

/** DELETE /api/admin/freelancers/{id} — deleted, or anonymized when they completed work. */
export const deleteFreelancerRoute = route({
  method: 'delete',
  access: 'admin',
  path: '/api/admin/freelancers/:id',
  params: AdminIdParamsSchema,
  response: AccountRemovalResponseSchema,
  handler: async ({ em, actor, params, sessions }) => {
    const userId = await accountUserId(em, 'freelancer', params.id);
    const removal = await removeFreelancerAccount(em, actor, params.id);
    await endSessionsOf(sessions, userId);
    const message =
      removal.outcome === 'deleted'
        ? MESSAGES.deletion.freelancerDeleted
        : MESSAGES.deletion.freelancerAnonymized;
    return { ...removal, message };
  },
});
