import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { APPLICATION_STATUSES } from '@turno/domain';
import { Freelancer } from './freelancer.entity';
import { Job } from './job.entity';

/**
 * A freelancer's application to a job. Pending ones expire at `expiresAt` (2 h after applying).
 * PostgreSQL guarantees one application per (job, freelancer) and one accepted application per job.
 */
export const Application = defineEntity({
  name: 'Application',
  tableName: 'applications',
  properties: {
    id: p.integer().primary().autoincrement(),
    job: p.manyToOne(Job).ref().deleteRule('cascade'),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('cascade'),
    status: p.enum([...APPLICATION_STATUSES]).default('pending'),
    message: p.text().nullable(),
    appliedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    expiresAt: p.datetime(),
    reviewedAt: p.datetime().nullable(),
  },
  uniques: [
    { name: 'applications_job_freelancer_unique', properties: ['job', 'freelancer'] },
    {
      name: 'applications_one_accepted_per_job',
      expression:
        'create unique index "applications_one_accepted_per_job" on "applications" ("job_id") where status = \'accepted\'',
    },
  ],
  indexes: [{ name: 'applications_freelancer_index', properties: ['freelancer'] }],
  checks: [{ name: 'applications_expires_after_applied', expression: 'expires_at > applied_at' }],
});
export type Application = InferEntity<typeof Application>;
