import { runBff } from '@turno/bff-kit';
import { portFromEnv } from '@turno/server-runtime';
import { live, routes } from './app';

void runBff({ name: 'bff-admin-billing', routes, live, port: portFromEnv('PORT', 4004) });
