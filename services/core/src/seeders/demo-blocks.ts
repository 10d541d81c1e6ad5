import type { EntityManager } from '@mikro-orm/postgresql';
import { Block } from '../model';
import type { DemoPeople } from './demo-people';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Blocks made by a restaurant and by an admin. */
export function seedDemoBlocks(em: EntityManager, people: DemoPeople, now: Date): void {
  em.create(Block, {
    freelancer: people.freelancers.gabriel,
    restaurant: people.restaurants.bomPreco,
    blockedBy: 'restaurant',
    blockReason: 'Não compareceu ao turno e não avisou.',
    createdAt: new Date(now.getTime() - 10 * DAY_MS),
  });
  em.create(Block, {
    freelancer: people.freelancers.diego,
    restaurant: people.restaurants.hortifruti,
    blockedBy: 'admin',
    blockReason: 'Reclamações recorrentes de atraso nesta loja.',
    createdAt: new Date(now.getTime() - 5 * DAY_MS),
  });
}
