import { portFromEnv, runBff } from '@turno/bff-kit';
import { routes } from './app';

void runBff({ name: 'bff-admin-billing', routes, port: portFromEnv('PORT', 4004) });
