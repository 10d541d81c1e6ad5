import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { RATER_TYPES } from '@turno/domain';
import { Assignment } from './assignment.entity';
import { createdAtColumn } from '../shared/columns';

/** A 1–5 rating of a completed assignment, one per rater side (restaurant or freelancer). */
export const Rating = defineEntity({
  name: 'Rating',
  tableName: 'ratings',
  properties: {
    id: p.integer().primary().autoincrement(),
    assignment: p.manyToOne(Assignment).ref().deleteRule('cascade'),
    raterType: p.enum([...RATER_TYPES]),
    rating: p.smallint(),
    comment: p.text().nullable(),
    createdAt: createdAtColumn(),
  },
  uniques: [{ name: 'ratings_assignment_rater_unique', properties: ['assignment', 'raterType'] }],
  checks: [
    { name: 'ratings_rating_range', expression: 'rating >= 1 and rating <= 5' },
    { name: 'ratings_comment_length', expression: 'char_length(comment) <= 500' },
  ],
});
export type Rating = InferEntity<typeof Rating>;
