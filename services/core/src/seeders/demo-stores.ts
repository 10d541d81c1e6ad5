import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { Store } from '../model';
import type { DemoPeopleWithStores } from './demo-people';

/** The demo chain's second store (issue 28): Supermercado Bom Preço has two stores. */
export const DEMO_SECOND_STORE_NAME = 'Bom Preço Vila Mariana';

/**
 * Supermercado Bom Preço's second store, added once its vacancies are in place: they stay at its
 * first (main) store, as every business's work before chains; the second starts empty, for the
 * owner to staff or give to a store manager.
 */
export function seedDemoStores(em: SqlEntityManager, people: DemoPeopleWithStores): void {
  em.create(Store, { restaurant: people.restaurants.bomPreco, name: DEMO_SECOND_STORE_NAME });
}
