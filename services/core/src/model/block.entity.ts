import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BLOCKED_BY } from '@turno/domain';
import { createdAtColumn } from '../shared/columns';
import { Freelancer } from './freelancer.entity';
import { Restaurant } from './restaurant.entity';

/** A freelancer blocked at one restaurant (by an admin or by the restaurant): one per pair. */
export const Block = defineEntity({
  name: 'Block',
  tableName: 'blocks',
  properties: {
    id: p.integer().primary().autoincrement(),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('cascade'),
    restaurant: p.manyToOne(Restaurant).ref().deleteRule('cascade'),
    blockedBy: p.enum([...BLOCKED_BY]),
    blockReason: p.text().nullable(),
    createdAt: createdAtColumn(),
  },
  uniques: [{ name: 'blocks_freelancer_restaurant_unique', properties: ['freelancer', 'restaurant'] }],
  indexes: [{ name: 'blocks_restaurant_index', properties: ['restaurant'] }],
});
export type Block = InferEntity<typeof Block>;
