import type { EntityManager } from '@mikro-orm/postgresql';
import { initOrm, type Orm } from '../db/orm';
import { AppMeta } from '../model';
import { ensureAdminFromEnv } from './admin-from-env';
import { DemoDataSeeder } from './demo-data.seeder';

/** Key of the app_meta row written when the demo data has been seeded. */
const DEMO_SEED_MARKER = 'demo_data_seeded_at';

/** Serialises concurrent seeders (several processes starting at once). */
const SEED_LOCK_KEY = 7_301_215;

/**
 * Seeds the demo data unless the app_meta marker says it was done already. Runs in one
 * transaction under an advisory lock, so it seeds at most once even when started twice at the
 * same moment. Returns true when it seeded.
 */
export async function seedDemoDataIfMissing(em: EntityManager, now: Date = new Date()): Promise<boolean> {
  return em.fork().transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [SEED_LOCK_KEY]);
    if (await tx.findOne(AppMeta, { key: DEMO_SEED_MARKER })) return false;
    await new DemoDataSeeder().run(tx, { now });
    tx.create(AppMeta, { key: DEMO_SEED_MARKER, value: now.toISOString() });
    await tx.flush();
    return true;
  });
}

export interface SeedOutcome {
  /** True when this call seeded the demo data (false: it was there already). */
  demoSeeded: boolean;
  /** True when this call created the admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
  adminCreated: boolean;
}

export interface SeedOptions {
  /** Use this ORM instead of connecting to `url`. */
  orm?: Orm;
  /** Database URL (default DATABASE_URL); ignored when `orm` is given. */
  url?: string;
  /** The instant the demo data is built around (default: now). */
  now?: Date;
  /** Where ADMIN_EMAIL / ADMIN_PASSWORD are read (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Seeds the demo data once (a second call finds the marker and does nothing) and creates the
 * first admin from the environment when configured. The database must be migrated.
 */
export async function seedDemoDataOnce(options: SeedOptions = {}): Promise<SeedOutcome> {
  const orm = options.orm ?? (await initOrm({ url: options.url, poolMax: 2 }));
  try {
    const demoSeeded = await seedDemoDataIfMissing(orm.em, options.now);
    const adminCreated = await ensureAdminFromEnv(orm.em.fork(), options.env);
    return { demoSeeded, adminCreated };
  } finally {
    if (!options.orm) await orm.close(true);
  }
}
