/**
 * Vacancy creation rules shared by the forms and the server (spec 01 §5, spec 02 §5,
 * 00-decisions "Vacancies").
 */
import { SELECTABLE_DAYS } from './limits';
import { isPositionType } from './lists';
import { isMealBreakOption } from './meal-break';
import * as MESSAGES from './messages';
import { datesWithPastStart } from './shift-timing';
import { isClockTime, isIsoDate, saoPauloDates } from './time';
import { isValidQuantity, maxQuantityPerDate, type VacancyCreator } from './validation';
import { isBusinessWorkload, toWorkload } from './workloads';

/** The dates a vacancy may be created for: today and the next 6 days in Sao Paulo (7 'YYYY-MM-DD'). */
export function selectableDates(now: Date): string[] {
  return saoPauloDates(now, SELECTABLE_DAYS);
}

/** True when `date` is today or one of the next 6 days in Sao Paulo. */
export function isSelectableDate(date: string, now: Date): boolean {
  return isIsoDate(date) && selectableDates(now).includes(date);
}

/** Job rows a creation makes: quantity × distinct dates (each row is filled by one freelancer). */
export function jobsToCreate(dates: readonly string[], quantity: number): number {
  return new Set(dates).size * quantity;
}

/** The fields of a vacancy creation that the rules look at. */
export interface VacancyCreationInput {
  positionType?: string | null;
  dates?: readonly string[] | null;
  workload?: number | string | null;
  startTime?: string | null;
  quantity?: number | null;
  mealTime?: string | null;
}

/**
 * The first reason a vacancy creation is refused, as the pt-BR message to show, or null when it
 * is acceptable. Checks, in order: at least one date; position type (one of the seven); workload
 * (one of the eight; a business only 6 h, 8h20, 10 h); start time; every date selectable; a start
 * still ahead on every date (Sao Paulo time: not today at 05:00 when it is 10:10); quantity
 * (1..5 business, 1..10 admin); meal time, when given, one of the shift's options.
 * Whether the business is approved is checked separately (MESSAGES.jobs.notApproved).
 */
export function vacancyCreationError(
  input: VacancyCreationInput,
  creator: VacancyCreator,
  now: Date,
): string | null {
  const dates = input.dates ?? [];
  if (dates.length === 0) return MESSAGES.jobs.selectDate;

  if (!input.positionType) return MESSAGES.jobs.positionTypeRequired;
  if (!isPositionType(input.positionType)) return MESSAGES.jobs.invalidPositionType;

  if (input.workload === null || input.workload === undefined || input.workload === '')
    return MESSAGES.jobs.workloadRequired;
  const workload = toWorkload(input.workload);
  if (workload === null) return MESSAGES.jobs.invalidWorkload;
  if (creator === 'restaurant' && !isBusinessWorkload(workload))
    return MESSAGES.jobs.workloadNotAllowedForBusiness;

  if (!input.startTime) return MESSAGES.jobs.startTimeRequired;
  if (!isClockTime(input.startTime)) return MESSAGES.jobs.invalidStartTime;

  if (!dates.every((date) => isSelectableDate(date, now))) return MESSAGES.jobs.dateOutOfRange;
  if (datesWithPastStart(dates, input.startTime, now).length > 0) return MESSAGES.jobs.startInPast;

  if (!isValidQuantity(input.quantity ?? 1, creator))
    return MESSAGES.jobs.quantityOutOfRange(maxQuantityPerDate(creator));

  if (input.mealTime && !isMealBreakOption(input.mealTime, input.startTime, workload))
    return MESSAGES.jobs.invalidMealTime;
  return null;
}
