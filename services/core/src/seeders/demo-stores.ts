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

/**
 * The demo chain is billed per store (one invoice per store, its past invoices its main store's), so
 * the owner's "Faturamento" starts on the choice a chain makes most; the other businesses are billed
 * centrally (the default). Set before the invoices are seeded.
 */
export function seedDemoBillingModes(people: DemoPeopleWithStores): void {
  people.restaurants.bomPreco.billingMode = 'per_store';
}
