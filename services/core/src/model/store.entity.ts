import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Restaurant } from './restaurant.entity';

/**
 * A store ("Loja") of a business (issue 28): where vacancies happen. A business (`restaurants`, the
 * legal entity) has one or more; every business set up before chains has exactly one, whose id is
 * the business's id (the migration `stores` gave it that id; later stores and businesses take the
 * next free one). Each store shows its own presence code; the address and position still live on the
 * business and move here in a next step of issue 28.
 */
export const Store = defineEntity({
  name: 'Store',
  tableName: 'stores',
  properties: {
    id: p.integer().primary().autoincrement(),
    restaurant: p.manyToOne(Restaurant).ref().deleteRule('cascade'),
    /** The store's name as the business's people know it ("Loja Centro"); 2–80 characters. */
    name: p.string().length(80),
    /** A deactivated store keeps its history but takes no new vacancy. */
    isActive: p.boolean().default(true),
    /**
     * The store's presence-code (TOTP) secret, sealed at rest with the store's id as authenticated
     * data (presence-keys.ts); null until first used. Each store shows its own code.
     */
    presenceSecretSealed: p.text().nullable(),
    /** The branch's CNPJ (filial), 14 characters without mask; null: the business's. */
    cnpj: p.string().length(14).nullable(),
    /** One of ESTABLISHMENT_TYPES; null: the business's type. */
    establishmentType: p.string().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [{ name: 'stores_restaurant_index', properties: ['restaurant', 'id'] }],
  checks: [
    { name: 'stores_name_length', expression: 'char_length(name) >= 2 and char_length(name) <= 80' },
    { name: 'stores_cnpj_shape', expression: "cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'" },
  ],
});
export type Store = InferEntity<typeof Store>;
