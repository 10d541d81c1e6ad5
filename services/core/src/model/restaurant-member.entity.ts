import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BUSINESS_MEMBER_ROLES } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Restaurant } from './restaurant.entity';
import { Store } from './store.entity';
import { User } from './user.entity';

/**
 * A person who runs a business with a role (issue 28, libs/domain business-members.ts): its owner
 * (the account that set the business up, `restaurants.user_id`; the database adds that row when the
 * business is inserted), store managers and supervisors. One business per person.
 */
export const RestaurantMember = defineEntity({
  name: 'RestaurantMember',
  tableName: 'restaurant_members',
  properties: {
    id: p.integer().primary().autoincrement(),
    restaurant: p.manyToOne(Restaurant).ref().deleteRule('cascade'),
    user: p.manyToOne(User).ref().deleteRule('cascade').unique('restaurant_members_user_unique'),
    role: p.enum([...BUSINESS_MEMBER_ROLES]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [
    { name: 'restaurant_members_restaurant_index', properties: ['restaurant', 'id'] },
    // One owner per business.
    {
      name: 'restaurant_members_one_owner',
      expression:
        'create unique index "restaurant_members_one_owner" on "restaurant_members" ("restaurant_id") where role = \'owner\'',
    },
  ],
});
export type RestaurantMember = InferEntity<typeof RestaurantMember>;

/**
 * The stores given to a manager or supervisor (an owner has every store and no rows here). The
 * database refuses a store of another business.
 */
export const RestaurantMemberStore = defineEntity({
  name: 'RestaurantMemberStore',
  tableName: 'restaurant_member_stores',
  properties: {
    member: p.manyToOne(RestaurantMember).ref().primary().deleteRule('cascade'),
    store: p.manyToOne(Store).ref().primary().deleteRule('cascade'),
  },
  indexes: [{ name: 'restaurant_member_stores_store_index', properties: ['store'] }],
});
export type RestaurantMemberStore = InferEntity<typeof RestaurantMemberStore>;
