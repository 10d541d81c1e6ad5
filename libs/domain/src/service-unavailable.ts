/**
 * PostgreSQL or Redis unreachable, or a BFF down behind the gateway: answered 502/503, never 500.
 * Its own export (not in MESSAGES) so a bundle that only shows it (libs/ui's fetchBff) carries this
 * one text and not every message.
 */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Serviço temporariamente indisponível. Tente novamente em instantes.';
