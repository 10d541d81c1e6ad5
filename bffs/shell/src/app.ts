import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { currentUser } from './routes/users';

/** Every endpoint of the shell BFF: session, sign-in and profile setup (spec 01 §7 "Session"). */
export const routes = [currentUser];

export const createShellBff = (deps: BffDependencies) => createBffApp({ name: 'bff-shell', routes, ...deps });
