import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { JOB_STATUSES } from '@turno/domain';
import { CLOCK_TIME_PATTERN, createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Restaurant } from '../accounts/restaurant.entity';

/**
 * A vacancy for one single-day shift, fillable by one freelancer (spec 01 §3 "Job").
 * `dateNeeded` is a calendar date 'YYYY-MM-DD' and the times are 'HH:MM', both in Sao Paulo time;
 * the shift may end after midnight (endTime < startTime).
 */
export const Job = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  properties: {
    id: p.integer().primary().autoincrement(),
    restaurant: p.manyToOne(Restaurant).ref().deleteRule('cascade'),
    title: p.string(),
    positionType: p.string(),
    description: p.text().nullable(),
    dateNeeded: p.date(),
    startTime: p.string().length(5),
    endTime: p.string().length(5),
    workloadMinutes: p.integer(),
    /** What the business pays for the shift (spec "hourly_rate"), integer centavos. */
    chargeCents: p.integer(),
    /** Meal break label 'HH:MM às HH:MM'. */
    mealTime: p.string().nullable(),
    recommendedAttire: p.string().nullable(),
    status: p.enum([...JOB_STATUSES]).default('open'),
    createdByAdmin: p.boolean().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [
    { name: 'jobs_status_date_index', properties: ['status', 'dateNeeded'] },
    // The list read models (jobs.queries.ts): keyset pages by date, start time and id.
    {
      name: 'jobs_restaurant_date_start_index',
      properties: ['restaurant', 'dateNeeded', 'startTime', 'id'],
    },
    { name: 'jobs_date_start_index', properties: ['dateNeeded', 'startTime', 'id'] },
    {
      name: 'jobs_open_date_start_index',
      expression:
        'create index "jobs_open_date_start_index" on "jobs" ("date_needed", "start_time", "id") where status = \'open\'',
    },
  ],
  checks: [
    { name: 'jobs_start_time_format', expression: `start_time ~ '${CLOCK_TIME_PATTERN}'` },
    { name: 'jobs_end_time_format', expression: `end_time ~ '${CLOCK_TIME_PATTERN}'` },
    { name: 'jobs_workload_minutes_range', expression: 'workload_minutes >= 1 and workload_minutes <= 1440' },
    { name: 'jobs_charge_cents_not_negative', expression: 'charge_cents >= 0' },
  ],
});
export type Job = InferEntity<typeof Job>;
