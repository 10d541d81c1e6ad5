import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Identity, User } from '../model';

/** What an OpenID provider vouched for at a sign-in (the shell's openid-client flow reads it from the ID token). */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

/**
 * The user behind an OpenID identity (issuer + subject, never e-mail), created at the first sign-in
 * (no profile yet: user_type null). E-mail and name follow the provider at every sign-in.
 * Two first sign-ins at once create one user: the loser of the unique (issuer, subject) retries.
 */
export async function userForIdentity(em: EntityManager, identity: ProviderIdentity): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.transactional(
        async (tx) => {
          const existing = await tx.findOne(Identity, { issuer: identity.issuer, subject: identity.subject });
          if (existing) {
            const user = await tx.findOneOrFail(User, { id: existing.user.id });
            if (identity.email !== null) user.email = identity.email;
            if (identity.name !== null) user.name = identity.name;
            return user.id;
          }
          const user = tx.create(User, { email: identity.email, name: identity.name, userType: null });
          tx.create(Identity, { user, issuer: identity.issuer, subject: identity.subject });
          await tx.flush();
          return user.id;
        },
        { clear: true },
      );
    } catch (error) {
      if (attempt < 2 && error instanceof UniqueConstraintViolationException) continue;
      throw error;
    }
  }
}
