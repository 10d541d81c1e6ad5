import { route } from '@turno/bff-kit';
import {
  AccountDeletionRequestSchema,
  AccountDeletionScheduledSchema,
  AccountDeletionStateSchema,
} from '@turno/contracts';
import { pendingAccountDeletion, requestAccountDeletion } from '@turno/core';
import { ACCOUNT_DELETION_MESSAGES, formatDateTimeBR } from '@turno/domain';
import { hashClientIp } from '@turno/server-runtime';

/**
 * "Excluir minha conta" (issue 27) in Perfil → "Privacidade" of both profiles. The request is
 * scheduled 7 days ahead (core account-deletions); signing in again before calls it off (sign-in.ts).
 */

/** GET /api/account-deletion — the person's pending deletion (null: none). */
export const accountDeletionRead = route({
  method: 'get',
  path: '/api/account-deletion',
  access: 'user',
  response: AccountDeletionStateSchema,
  handler: async ({ em, actor }) => {
    const pending = await pendingAccountDeletion(em, actor.userId);
    return {
      pending: pending
        ? {
            requested_at: pending.requestedAt.toISOString(),
            scheduled_for: pending.scheduledFor.toISOString(),
          }
        : null,
    };
  },
});

/**
 * POST /api/account-deletion `{ confirmation: 'EXCLUIR' }` — schedules the deletion and ends every
 * session of the person, in every browser (this one's cookie cleared too). 409 in pt-BR, listing
 * day, time and store, while shifts (a freelancer) or vacancies with accepted freelancers (a
 * business) are still to be worked; 400 before setup or without the word.
 */
export const accountDeletionRequest = route({
  method: 'post',
  path: '/api/account-deletion',
  access: 'user',
  rateLimit: 'profileWrite',
  body: AccountDeletionRequestSchema,
  response: AccountDeletionScheduledSchema,
  handler: async ({ ctx, em, actor, sessions }) => {
    const deletion = await requestAccountDeletion(
      em,
      { by: 'self', userId: actor.userId },
      { requestId: (ctx.state.requestId as string | undefined) ?? null, ipHash: hashClientIp(ctx.ip) },
    );
    await sessions.endAllOf({ kind: 'user', userId: actor.userId });
    await sessions.end(ctx, 'user');
    return {
      success: true as const,
      scheduled_for: deletion.scheduledFor.toISOString(),
      message: ACCOUNT_DELETION_MESSAGES.scheduled(formatDateTimeBR(deletion.scheduledFor)),
    };
  },
});

export const accountDeletionRoutes = [accountDeletionRead, accountDeletionRequest];
