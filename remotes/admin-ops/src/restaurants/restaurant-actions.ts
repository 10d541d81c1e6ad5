import {
  AccountRemovalResponseSchema,
  AccountReviewResponseSchema,
  AdminRestaurantUpdateResponseSchema,
  type AdminRestaurant,
  type AdminRestaurantUpdateRequest,
} from '@turno/contracts';
import { MESSAGES, legalIdentityErrors, normalizeLegalName } from '@turno/domain';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { BffError, sendBff } from '@turno/ui';

const restaurantUrl = (id: number) => `${ADMIN_OPS_BFF}/restaurants/${id}`;

/** POST …/restaurants/{id}/approve */
export const approveRestaurant = (id: number, fetchImpl?: typeof fetch) =>
  sendBff(`${restaurantUrl(id)}/approve`, {
    method: 'POST',
    schema: AccountReviewResponseSchema,
    fetchImpl,
  });

/** POST …/restaurants/{id}/reject */
export const rejectRestaurant = (id: number, fetchImpl?: typeof fetch) =>
  sendBff(`${restaurantUrl(id)}/reject`, {
    method: 'POST',
    schema: AccountReviewResponseSchema,
    fetchImpl,
  });

/** PUT …/restaurants/{id} */
export const updateRestaurant = (id: number, body: AdminRestaurantUpdateRequest, fetchImpl?: typeof fetch) =>
  sendBff(restaurantUrl(id), {
    method: 'PUT',
    body,
    schema: AdminRestaurantUpdateResponseSchema,
    fetchImpl,
  });

/**
 * What the edit dialog says when a save fails (spec 02 §8 "Restaurants"): the server's error (or its
 * details), "Erro: Resposta inválida do servidor" for an answer that is not the contract's,
 * "Erro HTTP {status}" for a refusal without text, and the connection text when nothing came back.
 */
export function restaurantEditFailure(error: unknown): string {
  if (!(error instanceof BffError) || error.status === undefined)
    return MESSAGES.restaurants.updateConnection;
  if (error.serverMessage) return error.serverMessage;
  if (error.status >= 200 && error.status < 300) return MESSAGES.common.invalidServerResponse;
  return MESSAGES.common.httpError(error.status);
}

/** DELETE …/restaurants/{id}: deleted, or anonymized when it has history (the answer's message says). */
export const deleteRestaurant = (id: number, fetchImpl?: typeof fetch) =>
  sendBff(restaurantUrl(id), { method: 'DELETE', schema: AccountRemovalResponseSchema, fetchImpl });

/** The edit modal's fields, as typed. */
export interface RestaurantForm {
  name: string;
  business_name: string;
  phone: string;
  address: string;
  address_number: string;
  cuisine_type: string;
  contact_person: string;
  /** The CNPJ widget's value (characters without mask) and the razão social (issue 25). */
  cnpj: string;
  legal_name: string;
}

export function restaurantForm(r: AdminRestaurant): RestaurantForm {
  return {
    name: r.name,
    business_name: r.business_name,
    phone: r.phone ?? '',
    address: r.address ?? '',
    address_number: r.address_number ?? '',
    cuisine_type: r.cuisine_type ?? '',
    contact_person: r.contact_person ?? '',
    cnpj: r.cnpj ?? '',
    legal_name: r.legal_name ?? '',
  };
}

/**
 * The first missing or invalid field's message (spec 02 §5 "Restaurant edit"), or null. CNPJ and
 * razão social are checked when typed and required once `stored` has them (issue 25).
 */
export function restaurantFormError(form: RestaurantForm, stored?: AdminRestaurant): string | null {
  if (!form.name.trim()) return MESSAGES.restaurants.nameRequired;
  if (!form.business_name.trim()) return MESSAGES.restaurants.businessNameRequired;
  const legal = legalIdentityErrors(
    { cnpj: form.cnpj, legalName: form.legal_name },
    { cnpj: Boolean(stored?.cnpj), legalName: Boolean(stored?.legal_name) },
  );
  return legal.cnpj ?? legal.legalName ?? null;
}

/** The PUT body: every field trimmed, empty ones sent as null (cleared). */
export function restaurantUpdateBody(form: RestaurantForm): AdminRestaurantUpdateRequest {
  const text = (value: string) => value.trim() || null;
  return {
    name: form.name.trim(),
    business_name: form.business_name.trim(),
    phone: text(form.phone),
    address: text(form.address),
    address_number: text(form.address_number),
    cuisine_type: text(form.cuisine_type),
    contact_person: text(form.contact_person),
    // Empty: left as stored (never given, or refused above once given).
    cnpj: form.cnpj || undefined,
    legal_name: normalizeLegalName(form.legal_name) || undefined,
  };
}
