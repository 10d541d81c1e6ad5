import {
  acceptApplication,
  applyToJob,
  createNotifications,
  type EntityManager,
  OWNER_MEMBERSHIP,
} from '@turno/core';
import { insertFreelancer, type insertJob, type insertRestaurant } from '@turno/core/testing';
import { renderNotification } from '@turno/domain';
import type { ChannelInput } from '../notifications/channel-context';

/**
 * A freelancer and one in-app notification of theirs ("Candidatura aceita"), made as the fan-out
 * makes it: what the channels' tests hand to a channel.
 */
export async function freelancerWithNotification(
  em: EntityManager,
  subjectId: number,
  overrides: { email?: string | null } = {},
): Promise<{ notification: ChannelInput; userId: number; email: string | null }> {
  const freelancer = await insertFreelancer(em, {
    name: 'Ana Souza',
    profilePhotoUrl: '/static/avatars/a.svg',
  });
  if (overrides.email !== undefined) {
    await em
      .getConnection()
      .execute('update users set email = ? where id = ?', [overrides.email, freelancer.user.id]);
  }
  const text = renderNotification('application_accepted', {
    position: 'Repositor',
    businessName: 'Mercado Bom Preço & Cia',
    date: '2026-12-12',
    start: '07:00',
  });
  const item = {
    eventId: subjectId,
    userId: freelancer.user.id,
    kind: 'application_accepted' as const,
    subjectType: 'application' as const,
    subjectId,
    ...text,
    audience: { freelancerId: freelancer.id },
  };
  const [id] = await createNotifications(em, [item]);
  const [row] = await em
    .getConnection()
    .execute<{ email: string | null }[]>('select email from users where id = ?', [freelancer.user.id]);
  return { notification: { ...item, id: id! }, userId: freelancer.user.id, email: row!.email };
}

/**
 * The freelancer applies to `job` and its business accepts, each in a transaction of its own at
 * `at`: the events the notification fan-out turns into "Candidatura aceita" and its business twin.
 */
export async function appliedAndAccepted(
  fork: () => EntityManager,
  restaurant: Awaited<ReturnType<typeof insertRestaurant>>,
  freelancer: Awaited<ReturnType<typeof insertFreelancer>>,
  job: Awaited<ReturnType<typeof insertJob>>,
  at: Date,
): Promise<{ applicationId: number }> {
  const { applicationId } = await applyToJob(
    fork(),
    { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id },
    { jobId: job.id },
    at,
  );
  await acceptApplication(
    fork(),
    { role: 'restaurant', restaurantId: restaurant.id, userId: restaurant.user.id, member: OWNER_MEMBERSHIP },
    applicationId,
    at,
  );
  return { applicationId };
}
