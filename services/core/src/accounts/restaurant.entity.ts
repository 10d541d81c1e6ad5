import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { User } from './user.entity';

/**
 * An establishment ("Mercado" on screen, "restaurant" in the data): spec 02 §3.
 * Account state: approved = isApproved; pending = !isApproved && isActive; rejected = !isActive.
 */
export const Restaurant = defineEntity({
  name: 'Restaurant',
  tableName: 'restaurants',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.oneToOne(User).ref().owner().unique('restaurants_user_unique').deleteRule('cascade'),
    /** The responsible person. */
    name: p.string(),
    businessName: p.string(),
    phone: p.string().nullable(),
    address: p.string().nullable(),
    addressNumber: p.string().nullable(),
    /** Postal code, 8 digits without hyphen. */
    cep: p.string().length(8).nullable(),
    /** Establishment type (one of ESTABLISHMENT_TYPES). */
    cuisineType: p.string().nullable(),
    contactPerson: p.string().nullable(),
    isApproved: p.boolean().default(false),
    isActive: p.boolean().default(true),
    approvedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  /** The admin list, newest registration first (restaurants.queries.ts). */
  indexes: [{ name: 'restaurants_created_at_index', properties: ['createdAt', 'id'] }],
  checks: [{ name: 'restaurants_cep_digits', expression: "cep ~ '^[0-9]{8}$'" }],
});
export type Restaurant = InferEntity<typeof Restaurant>;
