import { portFromEnv, runBff } from '@turno/bff-kit';
import { live, routes } from './app';

void runBff({ name: 'bff-freelancer', routes, live, port: portFromEnv('PORT', 4001) });
