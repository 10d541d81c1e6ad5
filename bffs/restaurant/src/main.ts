import { portFromEnv, runBff } from '@turno/bff-kit';
import { routes } from './app';

void runBff({ name: 'bff-restaurant', routes, port: portFromEnv('PORT', 4002) });
