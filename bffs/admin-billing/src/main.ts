import { runBff } from '@turno/bff-kit';
import { portFromEnv } from '@turno/server-runtime';
import { createAdminBillingBff, live, routes } from './app';

void runBff({
  name: 'bff-admin-billing',
  routes,
  live,
  port: portFromEnv('PORT', 4004),
  createApp: createAdminBillingBff,
});
