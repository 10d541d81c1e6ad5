import { portFromEnv, runBff } from '@turno/bff-kit';
import { routes } from './app';

void runBff({ name: 'bff-shell', routes, port: portFromEnv('PORT', 4000) });
