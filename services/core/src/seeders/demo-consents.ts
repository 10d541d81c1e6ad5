import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIVACY_NOTICE_VERSION, TERMS_VERSION } from '@turno/domain';

/**
 * Issue 27: every demo person with a profile accepted the terms of use and the privacy notice in
 * force when the demo was seeded, so `npm start` and the e2e suite open their dashboards without the
 * page that asks for acceptance (the brand-new person accepts them at setup). A later version of
 * the terms asks them again, as it would anybody.
 */
export async function seedDemoConsents(em: EntityManager, now: Date): Promise<void> {
  await em.execute(
    `insert into consents (user_id, kind, version, action, client, created_at)
     select u.id, k.kind, k.version, 'accepted', 'seed', ?
     from users u cross join (values ('terms', ?), ('privacy_notice', ?)) as k (kind, version)
     where exists (select 1 from restaurants r where r.user_id = u.id)
        or exists (select 1 from freelancers f where f.user_id = u.id)
     order by u.id, k.kind`,
    [now, TERMS_VERSION, PRIVACY_NOTICE_VERSION],
  );
}
