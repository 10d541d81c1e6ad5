import { type RemoteName } from '@turno/contracts';

/** How each remote's area is called on screen. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  freelancer: 'Área do Freelancer',
  restaurant: 'Painel do Mercado',
  admin_ops: 'Mercados',
  admin_billing: 'Faturas',
};
