import { PayoutActionResponseSchema, type AdminPayout } from '@turno/contracts';
import { PAYOUT_MESSAGES, formatMoney } from '@turno/domain';
import { sendBff, useBffMutation } from '@turno/ui';
import { useState } from 'react';
import { PAYOUTS_URL } from './payouts';

export type PayoutActionKind = 'retry' | 'release' | 'markPaid';

export interface PayoutActionNotice {
  tone: 'success' | 'danger';
  text: string;
}

/** What each action asks, its button, its route and its fallback error. */
export const PAYOUT_ACTIONS: Record<
  PayoutActionKind,
  {
    label: string;
    title: string;
    question: (payout: AdminPayout) => string;
    path: string;
    tone: 'primary' | 'danger';
    failure: string;
  }
> = {
  retry: {
    label: 'Reenviar',
    title: 'Reenviar repasse',
    question: (p) => PAYOUT_MESSAGES.retryConfirm(p.freelancer_name, formatMoney(p.amount)),
    path: 'retry',
    tone: 'primary',
    failure: 'Não foi possível reenviar o repasse.',
  },
  release: {
    label: 'Liberar',
    title: 'Liberar repasse retido',
    question: (p) => PAYOUT_MESSAGES.releaseConfirm(p.freelancer_name, formatMoney(p.amount)),
    path: 'release',
    tone: 'primary',
    failure: 'Não foi possível liberar o repasse.',
  },
  markPaid: {
    label: 'Marcar como pago',
    title: 'Marcar repasse como pago',
    question: (p) => PAYOUT_MESSAGES.markPaidConfirm(p.freelancer_name, formatMoney(p.amount)),
    path: 'mark-paid',
    tone: 'primary',
    failure: 'Não foi possível marcar o repasse como pago.',
  },
};

/**
 * "Reenviar", "Liberar" and "Marcar como pago" of "Repasses": each asked in the page's dialog first
 * (`asking`), one at a time, the answer's message (or the server's pt-BR refusal) as the notice,
 * and the list re-read after a change.
 */
export function usePayoutActions({
  fetchImpl,
  onChanged,
}: {
  fetchImpl?: typeof fetch;
  onChanged: () => void;
}) {
  const mutation = useBffMutation({ fetchImpl });
  const busyId = mutation.pending ? Number(mutation.pendingKey) : undefined;
  const [notice, setNotice] = useState<PayoutActionNotice>();
  const [asking, setAsking] = useState<{ payout: AdminPayout; kind: PayoutActionKind }>();

  async function perform(payout: AdminPayout, kind: PayoutActionKind, reason?: string): Promise<boolean> {
    setNotice(undefined);
    const action = PAYOUT_ACTIONS[kind];
    const result = await mutation.run(
      () =>
        sendBff(`${PAYOUTS_URL}/${payout.id}/${action.path}`, {
          schema: PayoutActionResponseSchema,
          body: kind === 'markPaid' ? { reason } : undefined,
          fetchImpl,
        }),
      { key: String(payout.id), fallback: action.failure },
    );
    if (result.ok) {
      setNotice({ tone: 'success', text: result.data.message });
      onChanged();
      return true;
    }
    if (result.message !== null) setNotice({ tone: 'danger', text: result.message });
    return false;
  }

  return {
    busyId,
    busy: mutation.pending,
    notice,
    asking,
    ask: (payout: AdminPayout, kind: PayoutActionKind) => {
      if (busyId === undefined) setAsking({ payout, kind });
    },
    cancel: () => setAsking(undefined),
    confirm: async (reason?: string) => {
      if (!asking) return;
      const { payout, kind } = asking;
      setAsking(undefined);
      await perform(payout, kind, reason);
    },
  };
}
export type PayoutActions = ReturnType<typeof usePayoutActions>;
