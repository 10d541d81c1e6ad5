import type { EntityManager } from '@mikro-orm/postgresql';
import { Freelancer, Identity, Restaurant } from '../model';
import { DEMO_ACCOUNTS, demoIssuer } from './demo-accounts';

async function demoUserId(em: EntityManager, subject: string): Promise<number | null> {
  const identity = await em.findOne(Identity, { issuer: demoIssuer(), subject });
  return identity?.user.id ?? null;
}

/** Id of the main demo restaurant (owned by the `demo-restaurant` identity), or null before seeding. */
export async function findDemoRestaurantId(em: EntityManager): Promise<number | null> {
  const userId = await demoUserId(em, DEMO_ACCOUNTS.restaurant);
  if (userId === null) return null;
  const restaurant = await em.findOne(Restaurant, { user: userId }, { fields: ['id'] });
  return restaurant?.id ?? null;
}

/** Id of the demo freelancer (the `demo-freelancer` identity, Ana Souza), or null before seeding. */
export async function findDemoFreelancerId(em: EntityManager): Promise<number | null> {
  const userId = await demoUserId(em, DEMO_ACCOUNTS.freelancer);
  if (userId === null) return null;
  const freelancer = await em.findOne(Freelancer, { user: userId }, { fields: ['id'] });
  return freelancer?.id ?? null;
}
