import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Freelancer } from '../model/freelancer.entity';
import { notFound } from '../shared/domain-error';

/**
 * The freelancer, read again and locked FOR UPDATE. Taken after the job lock (never before), it
 * serialises everything that changes one freelancer's schedule or blocks: applying, accepting,
 * assigning, blocking. 404 when missing.
 */
export async function lockFreelancer(tx: EntityManager, freelancerId: number): Promise<Freelancer> {
  const freelancer = await tx.findOne(
    Freelancer,
    { id: freelancerId },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!freelancer) throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
  return freelancer;
}
