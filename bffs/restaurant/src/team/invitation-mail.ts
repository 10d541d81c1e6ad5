import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_NAMES, QUEUE_NAMES, TEAM_INVITATION_JOB_OPTIONS, teamInvitationJobId } from '@turno/workers';

/** Redis key prefix of the queues: the workers' (`QUEUE_PREFIX`, default `turno`). */
const queuePrefix = (env: NodeJS.ProcessEnv = process.env) => env.QUEUE_PREFIX ?? 'turno';

const queues = new WeakMap<Redis, Queue>();

/** The notifications queue on the BFF's Redis connection (a producer only; the workers consume). */
export function notificationsQueue(redis: Redis): Queue {
  let queue = queues.get(redis);
  if (!queue) {
    queue = new Queue(QUEUE_NAMES.notifications, { connection: redis, prefix: queuePrefix() });
    // The BFF's own client already logs a Redis outage; BullMQ's listener-less errors would print stacks.
    queue.on('error', () => undefined);
    queues.set(redis, queue);
  }
  return queue;
}

/**
 * Hands a new team invitation's link to the workers' e-mail channel (issue 28): one job per
 * invitation, carrying the token (nowhere else kept in clear), removed once sent. False when Redis
 * did not take it: the invitation stands and the owner copies the link.
 */
export async function mailTeamInvitation(
  redis: Redis,
  invitationId: number,
  token: string,
): Promise<boolean> {
  try {
    await notificationsQueue(redis).add(
      JOB_NAMES.sendTeamInvitation,
      { token },
      { ...TEAM_INVITATION_JOB_OPTIONS, jobId: teamInvitationJobId(invitationId) },
    );
    return true;
  } catch {
    return false;
  }
}
