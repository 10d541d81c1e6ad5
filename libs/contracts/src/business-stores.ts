import { z } from 'zod';
import {
  BILLING_MODES,
  BUSINESS_MEMBER_MESSAGES,
  BUSINESS_MEMBER_ROLES,
  STORE_BILLING_MESSAGES,
  STORE_NAME_MAX,
  STORE_NAME_MIN,
} from '@turno/domain';

/**
 * A business's stores (issue 28 "Lojas"): the restaurant BFF's /api/restaurant/stores. The owner
 * adds, renames, deactivates and reactivates stores; every member reads the stores they reach (the
 * vacancy form's store selector, the panel's tabs by role).
 */

/** A store's name: trimmed, 2–80 characters, the pt-BR message otherwise. */
const StoreName = z
  .string({ error: BUSINESS_MEMBER_MESSAGES.storeNameLength })
  .trim()
  .min(STORE_NAME_MIN, BUSINESS_MEMBER_MESSAGES.storeNameLength)
  .max(STORE_NAME_MAX, BUSINESS_MEMBER_MESSAGES.storeNameLength);

// GET /api/restaurant/stores
export const BusinessStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  /** Its open vacancies (not yet filled), dated today or later. */
  open_vacancies: z.number().int().nonnegative(),
  /** The branch's CNPJ (14 characters, no mask) and its establishment type; null: the business's. */
  cnpj: z.string().nullable().optional(),
  establishment_type: z.string().nullable().optional(),
});
export type BusinessStore = z.infer<typeof BusinessStoreSchema>;

/**
 * The stores the caller reaches (an owner: every store, deactivated ones too; a manager or
 * supervisor: the active stores given to them), by name, and the caller's role in the business.
 */
export const BusinessStoresSchema = z.object({
  member_role: z.enum(BUSINESS_MEMBER_ROLES),
  /** How the business is billed: one weekly invoice, or one per store (the owner's "Faturamento"). */
  billing_mode: z.enum(BILLING_MODES),
  items: z.array(BusinessStoreSchema),
});
export type BusinessStores = z.infer<typeof BusinessStoresSchema>;

/** The branch's CNPJ (any mask) and type: checked by the service (pt-BR); empty or null clears them. */
const StoreIdentity = {
  cnpj: z.string().trim().max(30).nullable().optional(),
  establishmentType: z.string().trim().max(80).nullable().optional(),
};

// POST /api/restaurant/stores
export const CreateStoreRequestSchema = z.object({ name: StoreName, ...StoreIdentity }).strict();
export type CreateStoreRequest = z.infer<typeof CreateStoreRequestSchema>;

// PUT /api/restaurant/stores/:id
/** A new name, or `isActive` false to deactivate (no new vacancies; its history stays), true to reactivate. */
export const UpdateStoreRequestSchema = z
  .object({ name: StoreName.optional(), isActive: z.boolean().optional(), ...StoreIdentity })
  .strict()
  .refine(
    (body) =>
      body.name !== undefined ||
      body.isActive !== undefined ||
      body.cnpj !== undefined ||
      body.establishmentType !== undefined,
    { message: 'Informe o novo nome ou se a loja fica ativa.' },
  );
export type UpdateStoreRequest = z.infer<typeof UpdateStoreRequestSchema>;

/** The store as saved (POST 201, PUT 200). */
export const SavedStoreSchema = BusinessStoreSchema;

// PUT /api/restaurant/billing-mode
/** The owner's choice of billing (issue 28): centralized or per store, from the next invoice on. */
export const UpdateBillingModeRequestSchema = z
  .object({ billingMode: z.enum(BILLING_MODES, { error: STORE_BILLING_MESSAGES.invalidMode }) })
  .strict();
export type UpdateBillingModeRequest = z.infer<typeof UpdateBillingModeRequestSchema>;
/** The mode now, and the pt-BR sentence to show (whether it changed, and from when it applies). */
export const BillingModeSavedSchema = z.object({
  billing_mode: z.enum(BILLING_MODES),
  message: z.string(),
});
export type BillingModeSaved = z.infer<typeof BillingModeSavedSchema>;

// GET /api/admin/restaurants/:id/stores (admin-ops)
/**
 * A business's stores for the admins (issue 28): "Criar Vagas" asks for the store when the business
 * has two active stores or more; the active ones first, then by name; at most 500.
 */
export const AdminBusinessStoresSchema = z.object({
  restaurant_id: z.number().int(),
  billing_mode: z.enum(BILLING_MODES),
  items: z.array(z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })),
});
export type AdminBusinessStores = z.infer<typeof AdminBusinessStoresSchema>;
