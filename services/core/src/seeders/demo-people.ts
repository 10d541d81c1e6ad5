import type { EntityManager } from '@mikro-orm/postgresql';
import { Freelancer, FreelancerSearchArea, Identity, Restaurant, Store, User } from '../model';
import { cpfFromBase } from './cpf';
import { demoIssuer } from '../identity/demo-accounts';
import {
  FREELANCER_SEEDS,
  RESTAURANT_SEEDS,
  type FreelancerKey,
  type FreelancerSeed,
  type RestaurantKey,
  type RestaurantSeed,
} from './demo-people.data';

export type { FreelancerKey, RestaurantKey } from './demo-people.data';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoPeople {
  restaurants: Record<RestaurantKey, Restaurant>;
  freelancers: Record<FreelancerKey, Freelancer>;
}

/** The demo people with each business's store (issue 28), once the businesses are written. */
export interface DemoPeopleWithStores extends DemoPeople {
  stores: Record<RestaurantKey, Store>;
}

/**
 * Reads each demo business's store: the database gives a business its first store when the business
 * is inserted (`restaurants_first_store`), so the people are flushed first.
 */
export async function withFirstStores(em: EntityManager, people: DemoPeople): Promise<DemoPeopleWithStores> {
  await em.flush();
  const keys = Object.keys(people.restaurants) as RestaurantKey[];
  const found = await em.find(Store, { restaurant: keys.map((key) => people.restaurants[key].id) });
  const byRestaurant = new Map(found.map((store) => [store.restaurant.id, store]));
  const stores = Object.fromEntries(
    keys.map((key) => {
      const store = byRestaurant.get(people.restaurants[key].id);
      if (!store) throw new Error(`the demo business ${key} has no store`);
      return [key, store];
    }),
  ) as Record<RestaurantKey, Store>;
  return { ...people, stores };
}

function createUser(
  em: EntityManager,
  seed: { name: string; email: string; subject?: string },
  userType: 'restaurant' | 'freelancer',
  createdAt: Date,
): User {
  const user = em.create(User, { email: seed.email, name: seed.name, userType, createdAt });
  if (seed.subject) em.create(Identity, { user, issuer: demoIssuer(), subject: seed.subject, createdAt });
  return user;
}

function mapSeeds<K extends string, S, T>(seeds: Record<K, S>, build: (seed: S) => T): Record<K, T> {
  return Object.fromEntries(Object.entries<S>(seeds).map(([key, seed]) => [key, build(seed)])) as Record<
    K,
    T
  >;
}

/** Users, OpenID identities, restaurants and freelancers of the demo. */
export function seedDemoPeople(em: EntityManager, now: Date): DemoPeople {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const restaurants = mapSeeds<RestaurantKey, RestaurantSeed, Restaurant>(RESTAURANT_SEEDS, (seed) => {
    const createdAt = daysAgo(seed.registeredDaysAgo);
    return em.create(Restaurant, {
      user: createUser(
        em,
        { name: seed.owner, email: seed.email, subject: seed.subject },
        'restaurant',
        createdAt,
      ),
      name: seed.owner,
      businessName: seed.businessName,
      cnpj: seed.cnpj,
      legalName: seed.legalName,
      phone: seed.phone,
      address: seed.address,
      addressNumber: seed.addressNumber,
      cep: seed.cep,
      latitude: seed.latitude,
      longitude: seed.longitude,
      geocodeStatus: 'found',
      geocodedAt: createdAt,
      cuisineType: seed.cuisineType,
      contactPerson: seed.owner,
      isApproved: seed.state === 'approved',
      isActive: seed.state !== 'rejected',
      approvedAt: seed.state === 'approved' ? daysAgo(seed.registeredDaysAgo - 1) : null,
      createdAt,
    });
  });

  const freelancers = mapSeeds<FreelancerKey, FreelancerSeed, Freelancer>(FREELANCER_SEEDS, (seed) => {
    const createdAt = daysAgo(seed.registeredDaysAgo);
    const cpf = cpfFromBase(seed.cpfBase);
    return em.create(Freelancer, {
      user: createUser(em, seed, 'freelancer', createdAt),
      name: seed.name,
      phone: seed.phone,
      address: seed.address,
      cpf,
      pixKey: seed.pixKey(cpf),
      experienceYears: seed.experienceYears,
      specialties: seed.specialties,
      profilePhotoUrl: seed.photo,
      isApproved: seed.state === 'approved',
      isAvailable: seed.state !== 'rejected',
      approvedAt: seed.state === 'approved' ? daysAgo(seed.registeredDaysAgo - 1) : null,
      createdAt,
    });
  });

  // Their homes as the geocoder placed them (issue 26): "Vagas" shows distances without the network.
  for (const [key, seed] of Object.entries(FREELANCER_SEEDS) as [FreelancerKey, FreelancerSeed][]) {
    em.create(FreelancerSearchArea, {
      freelancer: freelancers[key],
      homeQuery: seed.address,
      homeLatitude: seed.home.latitude,
      homeLongitude: seed.home.longitude,
      homeGeocodeStatus: 'found',
      homeGeocodedAt: daysAgo(seed.registeredDaysAgo),
    });
  }

  return { restaurants, freelancers };
}
