import {
  AccountRemovalResponseSchema,
  AccountReviewResponseSchema,
  AdminFreelancerSavedSchema,
  AdminFreelancersQuerySchema,
  type AdminFreelancer,
  type AdminFreelancerRequest,
  type AdminFreelancersQuery,
  type FreelancerListStatusFilter,
} from '@turno/contracts';
import { MESSAGES, RESTAURANT_LIST_FILTER_LABELS, isValidExperienceYears } from '@turno/domain';
import { optionsOf, sendBff } from '@turno/ui';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const FREELANCERS_URL = `${ADMIN_OPS_BFF}/freelancers`;

export interface FreelancersFilters {
  q: string;
  status: FreelancerListStatusFilter;
}
export const FREELANCERS_DEFAULT_FILTERS: FreelancersFilters = { q: '', status: 'all' };
/** The same four account-status filters as the Mercados list ("Todos", "Pendentes"…). */
export const FREELANCER_STATUS_OPTIONS = optionsOf(RESTAURANT_LIST_FILTER_LABELS);
export const FREELANCERS_QUERY_DEFAULTS = AdminFreelancersQuerySchema.parse({});

export function freelancersQuery(
  filters: FreelancersFilters,
): Omit<AdminFreelancersQuery, 'cursor' | 'limit'> {
  return { q: filters.q, status: filters.status };
}

/** The first two specialties and "+N" for the rest (spec 02 §2). */
export function specialtiesSummary(specialties: readonly string[]): { shown: string[]; more: number } {
  return { shown: specialties.slice(0, 2), more: Math.max(0, specialties.length - 2) };
}

const freelancerUrl = (id: number) => `${FREELANCERS_URL}/${id}`;

export const approveFreelancer = (id: number, fetchImpl?: typeof fetch) =>
  sendBff(`${freelancerUrl(id)}/approve`, {
    method: 'POST',
    schema: AccountReviewResponseSchema,
    fetchImpl,
  });
export const rejectFreelancer = (id: number, fetchImpl?: typeof fetch) =>
  sendBff(`${freelancerUrl(id)}/reject`, {
    method: 'POST',
    schema: AccountReviewResponseSchema,
    fetchImpl,
  });
export const deleteFreelancer = (id: number, fetchImpl?: typeof fetch) =>
  sendBff(freelancerUrl(id), { method: 'DELETE', schema: AccountRemovalResponseSchema, fetchImpl });
/** POST (new, with a placeholder e-mail made from the current time) or PUT (edit). */
export const saveFreelancer = (id: number | null, body: AdminFreelancerRequest, fetchImpl?: typeof fetch) =>
  id === null
    ? sendBff(FREELANCERS_URL, {
        method: 'POST',
        body: { ...body, email: placeholderEmail() },
        schema: AdminFreelancerSavedSchema,
        fetchImpl,
      })
    : sendBff(freelancerUrl(id), { method: 'PUT', body, schema: AdminFreelancerSavedSchema, fetchImpl });

/** Spec 02 §5: the admin form sends a temporary e-mail generated from the current time. */
export function placeholderEmail(now: Date = new Date()): string {
  return `freelancer.${now.getTime()}@temporario.turno.app`;
}

/** The create/edit modal's fields, as typed. */
export interface FreelancerForm {
  name: string;
  cpf: string;
  pix_key: string;
  phone: string;
  address: string;
  experience_years: string;
  specialties: string[];
}

export const EMPTY_FREELANCER_FORM: FreelancerForm = {
  name: '',
  cpf: '',
  pix_key: '',
  phone: '',
  address: '',
  experience_years: '0',
  specialties: [],
};

export function freelancerForm(f: AdminFreelancer): FreelancerForm {
  return {
    name: f.name,
    cpf: f.cpf ?? '',
    pix_key: f.pix_key ?? '',
    phone: f.phone ?? '',
    address: f.address ?? '',
    experience_years: String(f.experience_years),
    specialties: [...f.specialties],
  };
}

/** The first rule the form breaks (spec 02 §5 "Freelancer form (admin)"), or null. */
export function freelancerFormError(form: FreelancerForm): string | null {
  if (!form.name.trim() || !form.cpf.trim() || !form.pix_key.trim())
    return MESSAGES.freelancers.requiredFields;
  const years = form.experience_years.trim() === '' ? 0 : Number(form.experience_years);
  if (!isValidExperienceYears(years)) return MESSAGES.validation.experienceYearsOutOfRange;
  return null;
}

export function freelancerRequestBody(form: FreelancerForm): AdminFreelancerRequest {
  const text = (value: string) => value.trim() || null;
  return {
    name: form.name.trim(),
    cpf: form.cpf.trim(),
    pix_key: form.pix_key.trim(),
    phone: text(form.phone),
    address: text(form.address),
    experience_years: form.experience_years.trim() === '' ? 0 : Number(form.experience_years),
    specialties: form.specialties,
  };
}
