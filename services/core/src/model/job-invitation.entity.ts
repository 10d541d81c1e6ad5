import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';
import { Freelancer } from './freelancer.entity';
import { Job } from './job.entity';

/**
 * "Chamar de novo" (issue 26): a freelancer who completed a shift with the business, invited to one
 * of its vacancies. Until `exclusiveUntil` (the window the business chose, never past the shift's
 * start) only the vacancy's invitees may apply; afterwards anyone may (services/core/src/invitations).
 * One per vacancy and freelancer; deleting either deletes it.
 */
export const JobInvitation = defineEntity({
  name: 'JobInvitation',
  tableName: 'job_invitations',
  properties: {
    id: p.integer().primary().autoincrement(),
    job: p.manyToOne(Job).ref().deleteRule('cascade'),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('cascade'),
    exclusiveUntil: p.datetime(),
    createdAt: createdAtColumn(),
  },
  uniques: [{ name: 'job_invitations_job_freelancer_unique', properties: ['job', 'freelancer'] }],
  indexes: [
    { name: 'job_invitations_freelancer_index', properties: ['freelancer'] },
    // The vacancies still reserved (`exclusive_until > now`), read by every "Vagas" list and apply.
    { name: 'job_invitations_exclusive_until_index', properties: ['exclusiveUntil', 'job'] },
  ],
});
export type JobInvitation = InferEntity<typeof JobInvitation>;
