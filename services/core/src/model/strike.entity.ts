import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { STRIKE_APPEAL_STATUSES, STRIKE_REASONS } from '@turno/domain';
import { createdAtColumn } from '../shared/columns';
import { Freelancer } from './freelancer.entity';
import { Assignment } from './assignment.entity';

/**
 * A strike on a freelancer's record (a no-show, a late cancellation): active until `expiresAt`
 * unless removed on appeal. One per assignment and reason, so a retried report never strikes twice.
 */
export const Strike = defineEntity({
  name: 'Strike',
  tableName: 'freelancer_strikes',
  properties: {
    id: p.integer().primary().autoincrement(),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('cascade'),
    assignment: p.manyToOne(Assignment).ref().nullable().deleteRule('set null'),
    reason: p.enum([...STRIKE_REASONS]),
    createdAt: createdAtColumn(),
    expiresAt: p.datetime(),
    appealText: p.text().nullable(),
    appealedAt: p.datetime().nullable(),
    appealStatus: p.enum([...STRIKE_APPEAL_STATUSES]).nullable(),
    appealDecidedAt: p.datetime().nullable(),
    /** The admin's user id who decided the appeal. */
    appealDecidedBy: p.integer().nullable(),
    appealDecisionNote: p.text().nullable(),
    /** Set when the strike no longer counts (appeal accepted). */
    removedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'freelancer_strikes_assignment_reason_unique', properties: ['assignment', 'reason'] }],
  indexes: [
    { name: 'freelancer_strikes_freelancer_index', properties: ['freelancer', 'createdAt'] },
    { name: 'freelancer_strikes_appeal_index', properties: ['appealStatus'] },
  ],
});
export type Strike = InferEntity<typeof Strike>;
