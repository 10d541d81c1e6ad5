/**
 * Shift lengths ("workloads"), in hours as the forms and the wire carry them (00-decisions
 * "Shifts and prices", spec 01 §9, spec 02 §9).
 */
import { MINUTES_PER_DAY, formatClockTime, parseClockTime } from './time';

/** The eight workloads, in hours. 8.33 is 8h20, 10.25 is 10h15, 10.5 is 10h30, 11.5 is 11h30. */
export const WORKLOADS = [6, 8, 8.33, 9, 10, 10.25, 10.5, 11.5] as const;
export type Workload = (typeof WORKLOADS)[number];

/** Workloads a business may choose in its own vacancy form. Admins may use all of WORKLOADS. */
export const BUSINESS_WORKLOADS = [6, 8.33, 10] as const;
export type BusinessWorkload = (typeof BUSINESS_WORKLOADS)[number];

/** Workloads an admin may use (all eight). */
export const ADMIN_WORKLOADS = WORKLOADS;

/** The workload used when nothing better is known (job edit inference). */
export const DEFAULT_WORKLOAD: Workload = 8;

const WORKLOAD_MINUTES: Record<Workload, number> = {
  6: 360,
  8: 480,
  8.33: 500,
  9: 540,
  10: 600,
  10.25: 615,
  10.5: 630,
  11.5: 690,
};

/** Minutes of a workload: 6→360, 8→480, 8.33→500, 9→540, 10→600, 10.25→615, 10.5→630, 11.5→690. Other values: hours × 60 rounded. */
export function workloadMinutes(hours: number): number {
  return WORKLOAD_MINUTES[hours as Workload] ?? Math.round(hours * 60);
}

/**
 * The workload a value stands for, or null. Accepts numbers and numeric strings and tolerates the
 * rounding of 8h20 (8.33, 8.333…): a value matches when its length in minutes is the same.
 */
export function toWorkload(value: unknown): Workload | null {
  const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return null;
  const minutes = Math.round(hours * 60);
  return WORKLOADS.find((workload) => WORKLOAD_MINUTES[workload] === minutes) ?? null;
}

/** True when the value is one of the eight workloads (see `toWorkload` for the tolerance). */
export function isWorkload(value: unknown): boolean {
  return toWorkload(value) !== null;
}

/** True when a business (not only an admin) may create a shift of this length. */
export function isBusinessWorkload(value: unknown): boolean {
  const workload = toWorkload(value);
  return workload !== null && (BUSINESS_WORKLOADS as readonly number[]).includes(workload);
}

/** Short label of a workload: 6 → '6h', 8.33 → '8h20', 10.25 → '10h15', 11.5 → '11h30'. */
export function workloadLabel(hours: number): string {
  const minutes = workloadMinutes(hours);
  const wholeHours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${wholeHours}h` : `${wholeHours}h${String(rest).padStart(2, '0')}`;
}

/**
 * A workload as the admin forms offer it: the ones a business may not choose are labelled so
 * (spec 01 §9, spec 02 §6: "labelled admin-only"): 6 → '6h', 9 → '9h (somente admin)'.
 */
export function adminWorkloadOptionLabel(hours: number): string {
  return isBusinessWorkload(hours) ? workloadLabel(hours) : `${workloadLabel(hours)} (somente admin)`;
}

/**
 * End of a shift: start + workload minutes, modulo 24 h ('22:00' + 6 h → '04:00').
 * Returns '' when `start` is not a clock time or the workload is not a number, so a form can
 * show nothing while the inputs are incomplete.
 */
export function shiftEndTime(start: string, hours: number): string {
  const startMinutes = parseClockTime(start);
  const minutes = workloadMinutes(hours);
  if (startMinutes === null || !Number.isFinite(minutes)) return '';
  return formatClockTime(startMinutes + minutes);
}

/** Minutes from start to end, wrapping midnight (an end equal to the start counts as 0). Null on bad input. */
export function clockSpanMinutes(start: string, end: string): number | null {
  const startMinutes = parseClockTime(start);
  const endMinutes = parseClockTime(end);
  if (startMinutes === null || endMinutes === null) return null;
  return (endMinutes - startMinutes + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/**
 * Workload of an existing job from its start and end (job edit): the difference, wrapping
 * midnight, is matched to the nearest of the eight workloads within 0.5 h; otherwise 8.
 * On a tie the shorter workload wins.
 */
export function inferWorkload(start: string, end: string): number {
  const span = clockSpanMinutes(start, end);
  if (span === null) return DEFAULT_WORKLOAD;
  let best: Workload = DEFAULT_WORKLOAD;
  let bestDistance = Infinity;
  for (const workload of WORKLOADS) {
    const distance = Math.abs(WORKLOAD_MINUTES[workload] - span);
    if (distance < bestDistance) {
      best = workload;
      bestDistance = distance;
    }
  }
  return bestDistance <= 30 ? best : DEFAULT_WORKLOAD;
}
