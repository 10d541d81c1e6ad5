import { portFromEnv, runBff } from '@turno/bff-kit';
import { routes } from './app';

void runBff({ name: 'bff-freelancer', routes, port: portFromEnv('PORT', 4001) });
