import { POSITION_TYPES, inferWorkload, mealBreakOptions, shiftEndTime, shiftPrice } from '@turno/domain';

/**
 * The fields every job form of the admin has (the edit page, the command centre's edit dialog and
 * Criar Vagas), as the inputs hold them: `workload` is '' until a shift is chosen.
 */
export interface JobFieldValues {
  positionType: string;
  workload: string;
  startTime: string;
  mealTime: string;
  recommendedAttire: string;
  description: string;
}

/** Nothing chosen yet (Criar Vagas). */
export const EMPTY_JOB_FIELDS: JobFieldValues = {
  positionType: '',
  workload: '',
  startTime: '',
  mealTime: '',
  recommendedAttire: '',
  description: '',
};

/** The fields of a job being edited: its workload inferred from start and end (±0.5 h, default 8). */
export function jobFieldValuesOf(job: {
  position_type: string;
  start_time: string;
  end_time: string;
  meal_time: string | null;
  recommended_attire: string | null;
  description: string | null;
}): JobFieldValues {
  return {
    positionType: job.position_type,
    workload: String(inferWorkload(job.start_time, job.end_time)),
    startTime: job.start_time,
    mealTime: job.meal_time ?? '',
    recommendedAttire: job.recommended_attire ?? '',
    description: job.description ?? '',
  };
}

/** The positions an edited job offers: every position, and the job's own where it is not among them. */
export const positionChoicesFor = (job: { position_type: string }): string[] => [
  ...new Set([...POSITION_TYPES, job.position_type]),
];

/** The shift the fields describe, once workload and start are chosen (`timed`). */
export interface JobShift {
  timed: boolean;
  workload: number;
  /** The end and the charge `@turno/domain` computes (the server computes them again), or null. */
  endTime: string | null;
  charge: number | null;
  /** The meal times offered: the allowed ones, and the job's own where it is not among them. */
  mealChoices: string[];
}

export function jobShiftOf(values: JobFieldValues): JobShift {
  const workload = Number(values.workload);
  const timed = values.workload !== '' && values.startTime !== '';
  if (!timed) return { timed, workload, endTime: null, charge: null, mealChoices: [] };
  const meals = mealBreakOptions(values.startTime, workload);
  return {
    timed,
    workload,
    endTime: shiftEndTime(values.startTime, workload),
    charge: shiftPrice(workload, values.startTime),
    mealChoices: values.mealTime && !meals.includes(values.mealTime) ? [values.mealTime, ...meals] : meals,
  };
}

/** True while a required field common to every job form (position, workload, start) is empty. */
export const jobFieldsMissing = (values: JobFieldValues) =>
  !values.positionType || !values.workload || !values.startTime;

/**
 * What the create and edit calls take of these fields: end and charge as computed here, empty
 * optional texts as null (trimmed). Only for a timed shift (check `jobFieldsMissing` first).
 */
export function jobFieldsBody(values: JobFieldValues, shift: JobShift) {
  return {
    positionType: values.positionType,
    workload: shift.workload,
    startTime: values.startTime,
    endTime: shift.endTime ?? undefined,
    hourlyRate: shift.charge,
    mealTime: values.mealTime || null,
    recommendedAttire: values.recommendedAttire.trim() || null,
    description: values.description.trim() || null,
  };
}
