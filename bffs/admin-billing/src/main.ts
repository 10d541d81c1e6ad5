import { portFromEnv, runBff } from '@turno/bff-kit';
import { live, routes } from './app';

void runBff({ name: 'bff-admin-billing', routes, live, port: portFromEnv('PORT', 4004) });
