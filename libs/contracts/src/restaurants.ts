import { z } from 'zod';
import { Timestamp } from './common';

/** Restaurant as the admin lists it: spec 02 §3 "Restaurant". */
export const AdminRestaurantSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  business_name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  address_number: z.string().nullable(),
  cuisine_type: z.string().nullable(),
  contact_person: z.string().nullable(),
  /** CNPJ as 14 characters without mask, and razão social (issue 25); null until given. */
  cnpj: z.string().nullable().optional(),
  legal_name: z.string().nullable().optional(),
  is_approved: z.boolean(),
  is_active: z.boolean(),
  approved_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** Chains (issue 28): how many stores the business has, and its active ones' names (the first 5 by name). */
  store_count: z.number().int().nonnegative().optional(),
  active_store_names: z.array(z.string()).optional(),
});
export type AdminRestaurant = z.infer<typeof AdminRestaurantSchema>;
export const AdminRestaurantListSchema = z.array(AdminRestaurantSchema);
