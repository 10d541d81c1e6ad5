import {
  type AdminJobsPage,
  type ApplicationCounts,
  type Job,
  type JobStatusCounts,
  type PendingAction,
  type PendingActionsPage,
} from '@turno/contracts';
import { ASSIGNMENT_STATUSES, JOB_STATUSES } from '@turno/domain';
import { type AnswerSchema } from '@turno/ui';

/*
 * The three answers the command centre reads before its first paint, checked by hand against the
 * shapes of libs/contracts (`AdminJobsPageSchema`, `PendingActionsPageSchema`,
 * `ApplicationCountsSchema`): zod is about 26 KB gzip, more than a third of what the admin's
 * Dashboard tab may load of this remote (the 60 KB budget, libs/build-config/budget.test.cjs).
 * zod comes with the writes and the dialogs, loaded on the first action. answers.test.ts keeps these
 * readers and the schemas in agreement. Each returns the value with only the contract's fields (as
 * zod does), or undefined.
 */

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const nullable =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || check(value);
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    values.includes(value as T);
const matches =
  (pattern: RegExp) =>
  (value: unknown): value is string =>
    isString(value) && pattern.test(value);
const isIsoDate = matches(/^\d{4}-\d{2}-\d{2}$/);
const isClockTime = matches(/^([01]\d|2[0-3]):[0-5]\d$/);

type Check = (value: unknown) => boolean;

/** The fields of `shape` taken from `value` when each passes its check, else undefined. */
function objectOf<T>(value: unknown, shape: Record<keyof T, Check>): T | undefined {
  if (!isRecord(value)) return undefined;
  const result: Fields = {};
  for (const [key, check] of Object.entries<Check>(shape)) {
    if (!check(value[key])) return undefined;
    result[key] = value[key];
  }
  return result as T;
}

const JOB_FIELDS: Record<keyof Job, Check> = {
  id: isInt,
  restaurant_id: isInt,
  restaurant_name: isString,
  restaurant_address: nullable(isString),
  title: isString,
  position_type: isString,
  description: nullable(isString),
  date_needed: isIsoDate,
  start_time: isClockTime,
  end_time: isClockTime,
  hourly_rate: isNumber,
  meal_time: nullable(isString),
  recommended_attire: nullable(isString),
  status: oneOf(JOB_STATUSES),
  is_assigned: (v) => typeof v === 'boolean',
  assignment_id: nullable(isInt),
  assignment_status: nullable(oneOf(ASSIGNMENT_STATUSES)),
  freelancer_name: nullable(isString),
  freelancer_user_id: nullable(isInt),
  freelancer_profile_photo_url: nullable(isString),
  // Only the business's agenda carries it (issue 23); absent from the admin's answers.
  freelancer_phone: (v) => v === undefined || v === null || isString(v),
  on_the_way_time: nullable(isString),
  freelancer_checkin_request_time: nullable(isString),
  check_in_time: nullable(isString),
  freelancer_checkout_request_time: nullable(isString),
  check_out_time: nullable(isString),
  created_by_admin: (v) => typeof v === 'boolean',
  assignment_confirmed_time: (v) => v === undefined || v === null || isString(v),
  assignment_unconfirmed_time: (v) => v === undefined || v === null || isString(v),
};

const PENDING_ACTION_FIELDS: Record<keyof PendingAction, Check> = {
  id: isInt,
  job_id: isInt,
  assignment_id: isInt,
  title: isString,
  restaurant_name: isString,
  freelancer_name: isString,
  date_needed: isIsoDate,
  start_time: isString,
  end_time: isString,
  action: oneOf(['check_in', 'check_out'] as const),
  requested_at: isString,
};

const STATUS_COUNT_FIELDS: Record<keyof JobStatusCounts, Check> = {
  all: isInt,
  open: isInt,
  assigned: isInt,
  completed: isInt,
};

/** `{ items, total, nextCursor }` of libs/contracts `pageSchema`, each item read by `item`. */
function pageOf<I>(value: unknown, item: (value: unknown) => I | undefined) {
  if (!isRecord(value) || !Array.isArray(value.items)) return undefined;
  const { total, nextCursor } = value;
  if (!isInt(total) || total < 0 || !(nextCursor === null || isString(nextCursor))) return undefined;
  const items: I[] = [];
  for (const raw of value.items) {
    const read = item(raw);
    if (read === undefined) return undefined;
    items.push(read);
  }
  return { items, total, nextCursor };
}

/** GET /api/admin/jobs. */
export function adminJobsPageOf(value: unknown): AdminJobsPage | undefined {
  const page = pageOf(value, (item) => objectOf<Job>(item, JOB_FIELDS));
  const counts = isRecord(value) ? objectOf<JobStatusCounts>(value.counts, STATUS_COUNT_FIELDS) : undefined;
  return page && counts ? { ...page, counts } : undefined;
}

/** GET /api/admin/pending-actions. */
export function pendingActionsPageOf(value: unknown): PendingActionsPage | undefined {
  return pageOf(value, (item) => objectOf<PendingAction>(item, PENDING_ACTION_FIELDS));
}

/** GET /api/admin/jobs/application-counts. */
export function applicationCountsOf(value: unknown): ApplicationCounts | undefined {
  if (!isRecord(value) || !isRecord(value.counts)) return undefined;
  const counts = Object.entries(value.counts);
  return counts.every(([, n]) => isInt(n))
    ? { counts: Object.fromEntries(counts) as Record<string, number> }
    : undefined;
}

/** A reader as `fetchBff` and `usePagedList` take it (`safeParse`, as a zod schema has it). */
function answerSchema<T>(name: string, read: (value: unknown) => T | undefined): AnswerSchema<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === undefined
        ? { success: false, error: { issues: [`${name}: the answer does not match its contract`] } }
        : { success: true, data };
    },
  };
}

export const ADMIN_JOBS_PAGE = answerSchema('AdminJobsPage', adminJobsPageOf);
export const PENDING_ACTIONS_PAGE = answerSchema('PendingActionsPage', pendingActionsPageOf);
export const APPLICATION_COUNTS = answerSchema('ApplicationCounts', applicationCountsOf);
