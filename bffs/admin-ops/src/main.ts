import { portFromEnv, runBff } from '@turno/bff-kit';
import { routes } from './app';

void runBff({ name: 'bff-admin-ops', routes, port: portFromEnv('PORT', 4003) });
