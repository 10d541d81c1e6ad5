import { runBff } from '@turno/bff-kit';
import { portFromEnv } from '@turno/server-runtime';
import { createFreelancerBff, live, routes } from './app';

/**
 * `runBff` of the kit, with this BFF's own app factory: `createFreelancerBff` adds the multipart
 * middleware of the photo upload in front of the kit's JSON reader (see multipart.ts).
 */
void runBff({
  name: 'bff-freelancer',
  routes,
  live,
  port: portFromEnv('PORT', 4001),
  createApp: createFreelancerBff,
});
