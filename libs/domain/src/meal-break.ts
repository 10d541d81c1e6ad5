/**
 * Meal-break options offered when a shift is created (00-decisions "Meal break").
 */
import { formatClockTime, parseClockTime } from './time';
import { toWorkload, workloadMinutes } from './workloads';

/** The first break starts this long after the shift start. */
export const MEAL_BREAK_FIRST_OFFSET_MINUTES = 60;
/** Every break ends at least this long before the shift end. */
export const MEAL_BREAK_MIN_GAP_BEFORE_END_MINUTES = 60;

/** Break length: 30 min for the 6 h shift, 60 min otherwise. */
export function mealBreakLengthMinutes(hours: number): number {
  return toWorkload(hours) === 6 ? 30 : 60;
}

/** Distance between two consecutive options: 30 min for the 6 h shift, 60 min otherwise. */
export function mealBreakStepMinutes(hours: number): number {
  return toWorkload(hours) === 6 ? 30 : 60;
}

/** One break option, as minutes from the shift start. */
export interface MealBreakSlot {
  /** Minutes from the shift start to the break start. */
  startOffset: number;
  /** Minutes from the shift start to the break end. */
  endOffset: number;
  /** 'HH:MM às HH:MM', wall clock, wrapping midnight. */
  label: string;
}

/** The break options of a shift with their offsets; [] when the start is not a clock time. */
export function mealBreakSlots(start: string, hours: number): MealBreakSlot[] {
  const startMinutes = parseClockTime(start);
  const shiftMinutes = workloadMinutes(hours);
  if (startMinutes === null || !Number.isFinite(shiftMinutes)) return [];
  const length = mealBreakLengthMinutes(hours);
  const step = mealBreakStepMinutes(hours);
  const slots: MealBreakSlot[] = [];
  for (
    let offset = MEAL_BREAK_FIRST_OFFSET_MINUTES;
    offset + length <= shiftMinutes - MEAL_BREAK_MIN_GAP_BEFORE_END_MINUTES;
    offset += step
  ) {
    slots.push({
      startOffset: offset,
      endOffset: offset + length,
      label: mealBreakLabel(startMinutes + offset, startMinutes + offset + length),
    });
  }
  return slots;
}

/**
 * Labels of the meal-break options, e.g. 6 h from 08:00 →
 * ['09:00 às 09:30', '09:30 às 10:00', …, '12:30 às 13:00'] (8 options).
 */
export function mealBreakOptions(start: string, hours: number): string[] {
  return mealBreakSlots(start, hours).map((slot) => slot.label);
}

/** 'HH:MM às HH:MM' of two minute counts (taken modulo 24 h). */
export function mealBreakLabel(startMinutes: number, endMinutes: number): string {
  return `${formatClockTime(startMinutes)} às ${formatClockTime(endMinutes)}`;
}

/** True when `mealTime` is one of the options of this shift (the server checks a submitted meal time with it). */
export function isMealBreakOption(mealTime: string, start: string, hours: number): boolean {
  return mealBreakOptions(start, hours).includes(mealTime.trim());
}
