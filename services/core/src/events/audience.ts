import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../shared/actor';

/**
 * Whose screens an event (or a list's data version) concerns: admins see everything, a restaurant
 * the events of its own rows plus those marked for every restaurant (the freelancers it may pick
 * changed), a freelancer their own plus those marked for every freelancer (the open vacancies
 * changed).
 */
export type EventAudience =
  | { kind: 'admin' }
  | { kind: 'restaurant'; restaurantId: number }
  | { kind: 'freelancer'; freelancerId: number };

/** The audience of a signed-in actor. */
export function audienceOf(actor: Actor): EventAudience {
  if (actor.role === 'admin') return { kind: 'admin' };
  if (actor.role === 'restaurant') return { kind: 'restaurant', restaurantId: actor.restaurantId };
  return { kind: 'freelancer', freelancerId: actor.freelancerId };
}

/**
 * The id of the latest domain event the audience can see (0 when none): the version of every list
 * that audience reads. Each write records its event in its own transaction, so a list's ETag built
 * on this number changes exactly when something it may show changed. Ids follow commit order (see
 * DomainEvent), so a version never hides a change committed before it. An index probe or two.
 */
export async function latestEventId(em: EntityManager, audience: EventAudience): Promise<number> {
  const connection = em.getConnection();
  let rows: { id: string | number | null }[];
  if (audience.kind === 'admin') {
    rows = await connection.execute('select max(id) as id from domain_events');
  } else if (audience.kind === 'restaurant') {
    rows = await connection.execute(
      'select greatest((select max(id) from domain_events where restaurant_id = ?), ' +
        '(select max(id) from domain_events where all_restaurants)) as id',
      [audience.restaurantId],
    );
  } else {
    rows = await connection.execute(
      'select greatest((select max(id) from domain_events where freelancer_id = ?), ' +
        '(select max(id) from domain_events where all_freelancers)) as id',
      [audience.freelancerId],
    );
  }
  return Number(rows[0]?.id ?? 0);
}
