import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantOptionsPageSchema, RestaurantOptionsQuerySchema } from '@turno/contracts';
import { listRestaurantOptionsPage } from './restaurant-options.queries';

/**
 * GET /api/admin/restaurant-options — businesses sorted by name for a picker: Criar Vagas and the
 * edit page (approved only), the block modal (every one, states shown), Controle Mercado's select.
 */
export const listRestaurantOptionsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/restaurant-options',
  query: RestaurantOptionsQuerySchema,
  response: RestaurantOptionsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listRestaurantOptionsPage(em, query),
});
