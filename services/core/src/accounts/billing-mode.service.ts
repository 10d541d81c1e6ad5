import type { EntityManager } from '@mikro-orm/postgresql';
import {
  BUSINESS_MEMBER_MESSAGES,
  MESSAGES,
  STORE_BILLING_MESSAGES,
  isBillingMode,
  memberMay,
  type BillingMode,
} from '@turno/domain';
import { recordEvent } from '../events/record-event';
import { lockBusinessRow } from '../rows/business-lock';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { forbidden, invalid } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';

/**
 * How a chain is billed (issue 28): the owner (or an admin) chooses centralized (one weekly invoice
 * for the business, lines grouped by store) or per store (one invoice per store). The change takes
 * the business's row lock, which every billing batch of the business takes too, so a batch bills
 * wholly in the old mode or wholly in the new; invoices already issued do not change.
 */
export async function setBillingMode(
  em: EntityManager,
  actor: Actor,
  input: { billingMode: BillingMode; restaurantId?: number },
): Promise<{ billingMode: BillingMode; changed: boolean }> {
  requireRole(actor, ['admin', 'restaurant']);
  if (actor.role === 'restaurant' && !memberMay(actor.member.role, 'manageBilling'))
    throw forbidden('forbidden_for_role', BUSINESS_MEMBER_MESSAGES.forbiddenForRole(actor.member.role));
  if (!isBillingMode(input.billingMode))
    throw invalid('billing_mode_invalid', STORE_BILLING_MESSAGES.invalidMode);
  const restaurantId = actor.role === 'restaurant' ? actor.restaurantId : input.restaurantId;
  if (!restaurantId) throw invalid('restaurant_required', MESSAGES.restaurants.notSelected);
  return inTransaction(em, async (tx) => {
    await lockBusinessRow(tx, restaurantId);
    const [row] = await tx.execute<{ billing_mode: BillingMode }[]>(
      'select billing_mode from restaurants where id = ?',
      [restaurantId],
    );
    if (row?.billing_mode === input.billingMode) return { billingMode: input.billingMode, changed: false };
    await tx.execute('update restaurants set billing_mode = ?, updated_at = now() where id = ?', [
      input.billingMode,
      restaurantId,
    ]);
    await recordEvent(tx, {
      type: 'restaurant_updated',
      restaurantId,
      payload: { billingMode: input.billingMode },
    });
    return { billingMode: input.billingMode, changed: true };
  });
}
