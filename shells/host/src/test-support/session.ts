import { type CurrentUser } from '@turno/contracts';
import { ApiError, type SessionApi } from '../session/api';
import { createSessionStore, type SessionStore } from '../session/store';

export const PEOPLE = {
  newPerson: { id: 40, email: 'pedro@example.com', name: 'Pedro Henrique Lima', profile: null },
  restaurant: {
    id: 10,
    email: 'marcos@example.com',
    name: 'Marcos Almeida',
    profile: {
      user_type: 'restaurant',
      id: 1,
      name: 'Marcos Almeida',
      is_approved: true,
      is_active: true,
      business_name: 'Supermercado Bom Preço',
    },
  },
  freelancer: {
    id: 20,
    email: 'ana@example.com',
    name: 'Ana Souza',
    profile: {
      user_type: 'freelancer',
      id: 2,
      name: 'Ana Souza',
      is_approved: true,
      is_active: true,
      business_name: null,
    },
  },
  admin: {
    id: 30,
    email: 'admin@example.com',
    name: 'Admin',
    profile: {
      user_type: 'admin',
      id: 3,
      name: 'Admin',
      is_approved: true,
      is_active: true,
      business_name: null,
    },
  },
} satisfies Record<string, CurrentUser>;

export function fakeSessionApi(
  user: CurrentUser | null,
  overrides: Partial<SessionApi> = {},
): jest.Mocked<SessionApi> {
  return {
    currentUser: jest.fn(async () => {
      if (!user) throw new ApiError('GET /api/users/me: HTTP 401', 401, 'Não autenticado');
      return user;
    }),
    signInUrl: jest.fn(async () => 'http://localhost:14400/auth'),
    createSession: jest.fn(async () => undefined),
    logout: jest.fn(async () => undefined),
    setupProfile: jest.fn(async () => undefined),
    acceptTerms: jest.fn(async () => undefined),
    ...overrides,
  } as jest.Mocked<SessionApi>;
}

/** A store whose state is already settled (for server-side markup), or still pending. */
export function settledStore(user: CurrentUser | null | 'pending'): SessionStore {
  const store = createSessionStore(fakeSessionApi(user === 'pending' ? null : user));
  if (user === 'pending') return store;
  return { ...store, getState: () => ({ user, pending: false }), load: async () => user };
}
