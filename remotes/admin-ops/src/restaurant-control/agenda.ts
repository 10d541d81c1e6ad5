import { ADMIN_OPS_BFF } from '../shared/bff';

/**
 * Controle Mercado's agenda of one business (bffs/admin-ops, routes/restaurant-control.ts); its
 * filters are libs/ui's agenda model, shared with the restaurant panel's Agenda.
 */
export const restaurantAgendaUrl = (restaurantId: number) =>
  `${ADMIN_OPS_BFF}/restaurants/${restaurantId}/jobs`;
