import { z } from 'zod';
import { HttpError, route } from '@turno/bff-kit';

/**
 * GET /api/users/me — the signed-in user and profile (spec 01 §7). Sign-in arrives with the
 * identity issue; until then nobody is signed in.
 */
export const currentUser = route({
  method: 'get',
  path: '/api/users/me',
  response: z.never(),
  handler: () => {
    throw new HttpError(401, 'Não autenticado');
  },
});
