import { createNotifications, type EntityManager } from '@turno/core';
import { insertFreelancer } from '@turno/core/testing';
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
