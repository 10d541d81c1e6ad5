import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { User } from './user.entity';

/**
 * A freelance worker: spec 01 §3 and spec 02 §3.
 * Account state: approved = isApproved; pending = !isApproved && isAvailable; rejected = !isAvailable.
 */
export const Freelancer = defineEntity({
  name: 'Freelancer',
  tableName: 'freelancers',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.oneToOne(User).ref().owner().unique('freelancers_user_unique').deleteRule('cascade'),
    name: p.string(),
    phone: p.string().nullable(),
    address: p.string().nullable(),
    /** 11 digits without punctuation. */
    cpf: p.string().length(11).nullable(),
    pixKey: p.string().nullable(),
    experienceYears: p.integer().default(0),
    /** Names from SPECIALTIES (legacy values may be stored), a jsonb array of strings. */
    specialties: p.json<string[]>(),
    profilePhotoUrl: p.string().nullable(),
    /** Average of the ratings received, null until the first one. */
    rating: p.decimal('number').precision(3).scale(2).nullable(),
    totalJobs: p.integer().default(0),
    isApproved: p.boolean().default(false),
    isAvailable: p.boolean().default(true),
    approvedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  checks: [
    {
      name: 'freelancers_experience_years_range',
      expression: 'experience_years >= 0 and experience_years <= 50',
    },
    { name: 'freelancers_rating_range', expression: 'rating >= 0 and rating <= 5' },
    { name: 'freelancers_total_jobs_not_negative', expression: 'total_jobs >= 0' },
    { name: 'freelancers_cpf_digits', expression: "cpf ~ '^[0-9]{11}$'" },
    { name: 'freelancers_specialties_array', expression: "jsonb_typeof(specialties) = 'array'" },
  ],
});
export type Freelancer = InferEntity<typeof Freelancer>;
