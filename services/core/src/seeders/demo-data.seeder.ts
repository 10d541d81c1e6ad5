import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { seedDemoBlocks } from './demo-blocks';
import { seedDemoConsents } from './demo-consents';
import { seedDemoInvoiceCharges, seedDemoInvoices } from './demo-invoices';
import { seedDemoJobs } from './demo-jobs';
import { seedDemoPayouts } from './demo-payouts';
import { seedDemoPeople, withFirstStores } from './demo-people';
import { seedDemoBillingModes, seedDemoStores } from './demo-stores';
import { seedDemoVetting } from './demo-vetting';
import { seedPresenceSecrets } from '../presence/presence-secret.service';

/** Recomputes every freelancer's total_jobs (completed shifts) and rating (average of restaurant ratings). */
export async function refreshFreelancerStats(em: SqlEntityManager): Promise<void> {
  await em.execute(`
    update freelancers f set
      total_jobs = (select count(*) from assignments a where a.freelancer_id = f.id and a.status = 'completed'),
      rating = (
        select round(avg(r.rating), 2) from ratings r join assignments a on a.id = r.assignment_id
        where a.freelancer_id = f.id and r.rater_type = 'restaurant'
      )`);
}

/**
 * The demo data: restaurants and freelancers in every account state, jobs in every status and
 * shift stage around `context.now` (default: the current time), ratings, blocks, last weeks'
 * invoices and the completed shifts' paid Pix payouts; the main business's second store. Run it through `seedDemoDataOnce`, which guards against seeding twice.
 */
export class DemoDataSeeder extends Seeder<{ now?: Date }> {
  async run(em: EntityManager, context?: { now?: Date }): Promise<void> {
    const sqlEm = em as SqlEntityManager;
    const now = context?.now ?? new Date();
    const people = await withFirstStores(sqlEm, seedDemoPeople(sqlEm, now));
    const work = seedDemoJobs(sqlEm, people, now);
    seedDemoBlocks(sqlEm, people, now);
    seedDemoBillingModes(people);
    seedDemoInvoices(sqlEm, people, work, now);
    await sqlEm.flush();
    // Unpaid demo invoices get their Pix charge `creating`: the workers' sweep creates it at the PSP.
    await seedDemoInvoiceCharges(sqlEm, now);
    seedDemoPayouts(sqlEm, work, now);
    seedDemoStores(sqlEm, people);
    await sqlEm.flush();
    await refreshFreelancerStats(sqlEm);
    await seedPresenceSecrets(sqlEm);
    await seedDemoConsents(sqlEm, now);
    await seedDemoVetting(sqlEm, now);
  }
}
