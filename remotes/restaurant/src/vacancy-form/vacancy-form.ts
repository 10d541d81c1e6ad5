/**
 * The vacancy form's model (spec 01 "Vacancy form", 00-decisions "Vacancies"): the draft a person
 * edits, what it derives from libs/domain as they type (end time, meal-break options, price per
 * freelancer and total), and the request it sends. Pure functions, tested without a browser.
 */
import type {
  BusinessStore,
  BusinessStores,
  RepeatableVacancy,
  RestaurantCreateJobsRequest,
} from '@turno/contracts';
import {
  BUSINESS_QUANTITY_MAX,
  BUSINESS_WORKLOADS,
  POSITION_TYPES,
  QUANTITY_MIN,
  WEEKDAY_LABELS,
  formatDateBR,
  isClockTime,
  isoWeekday,
  jobsToCreate,
  mealBreakOptions,
  relativeDayLabel,
  selectableDates,
  shiftEndTime,
  shiftPriceCents,
  toReais,
  vacancyCreationError,
  workloadLabel,
} from '@turno/domain';

export interface VacancyDraft {
  positionType: string;
  /** Chosen dates, 'AAAA-MM-DD', in the order of the chips. */
  dates: string[];
  /** '' until chosen; otherwise one of the business workloads as text ('6', '8.33', '10'). */
  workload: string;
  startTime: string;
  mealTime: string;
  recommendedAttire: string;
  description: string;
  quantity: number;
}

export const EMPTY_DRAFT: VacancyDraft = {
  positionType: '',
  dates: [],
  workload: '',
  startTime: '',
  mealTime: '',
  recommendedAttire: '',
  description: '',
  quantity: QUANTITY_MIN,
};

export const POSITION_OPTIONS = POSITION_TYPES.map((type) => ({ value: type, label: type }));
export const WORKLOAD_OPTIONS = BUSINESS_WORKLOADS.map((hours) => ({
  value: String(hours),
  label: workloadLabel(hours),
}));
export const QUANTITY_OPTIONS = Array.from({ length: BUSINESS_QUANTITY_MAX - QUANTITY_MIN + 1 }, (_, i) => {
  const value = String(QUANTITY_MIN + i);
  return { value, label: value };
});

export interface DateChip {
  date: string;
  /** 'Hoje', 'Amanhã', then 'Qua 25/11'. */
  label: string;
  /** The whole date for assistive technology: 'Hoje, 23/11/2026'. */
  fullLabel: string;
}

/** The seven chips: today and the next 6 days in Sao Paulo. */
export function dateChips(now: Date): DateChip[] {
  return selectableDates(now).map((date) => {
    const relative = relativeDayLabel(date, now);
    const weekday = (WEEKDAY_LABELS[isoWeekday(date) - 1] ?? '').slice(0, 3);
    const dayMonth = `${date.slice(8, 10)}/${date.slice(5, 7)}`;
    const label = relative ?? `${weekday} ${dayMonth}`;
    return {
      date,
      label,
      fullLabel: `${relative ?? WEEKDAY_LABELS[isoWeekday(date) - 1]}, ${formatDateBR(date)}`,
    };
  });
}

/** Adds or removes one date, keeping the chips' order. */
export function toggleDate(draft: VacancyDraft, date: string, order: readonly string[]): VacancyDraft {
  const chosen = new Set(draft.dates);
  if (chosen.has(date)) chosen.delete(date);
  else chosen.add(date);
  return { ...draft, dates: order.filter((d) => chosen.has(d)) };
}

const workloadOf = (draft: VacancyDraft): number | null =>
  draft.workload === '' ? null : Number(draft.workload);

/** The meal-break options of the shift, [] until workload and start are chosen. */
export function mealOptions(draft: VacancyDraft): string[] {
  const workload = workloadOf(draft);
  if (workload === null || !isClockTime(draft.startTime)) return [];
  return mealBreakOptions(draft.startTime, workload);
}

/**
 * A change of workload or start: a meal time that is no longer an option of the new shift is
 * cleared, so the form never sends one the server would refuse.
 */
export function withShift(
  draft: VacancyDraft,
  change: Pick<Partial<VacancyDraft>, 'workload' | 'startTime'>,
) {
  const next = { ...draft, ...change };
  return mealOptions(next).includes(next.mealTime) ? next : { ...next, mealTime: '' };
}

export interface VacancyFigures {
  /** 'HH:MM', '' until workload and start are chosen. */
  endTime: string;
  /** The shift ends the next day. */
  endsNextDay: boolean;
  /** Price per freelancer in reais (libs/domain), null until workload and start are chosen. */
  pricePerFreelancer: number | null;
  /** Vacancies the creation makes: quantity × dates. */
  vacancies: number;
  /** price × quantity × dates, in reais; null with the price. */
  total: number | null;
}

/** What the form shows as the person types. Totals are computed in centavos. */
export function vacancyFigures(draft: VacancyDraft): VacancyFigures {
  const workload = workloadOf(draft);
  const ready = workload !== null && isClockTime(draft.startTime);
  const endTime = ready ? shiftEndTime(draft.startTime, workload) : '';
  const priceCents = ready ? shiftPriceCents(workload, draft.startTime) : null;
  const vacancies = jobsToCreate(draft.dates, draft.quantity);
  return {
    endTime,
    endsNextDay: ready && endTime < draft.startTime,
    pricePerFreelancer: priceCents === null ? null : toReais(priceCents),
    vacancies,
    total: priceCents === null ? null : toReais(priceCents * vacancies),
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body of POST /api/jobs (end time and price included as the spec's payload has them; the server recomputes both). */
export function vacancyRequest(draft: VacancyDraft): RestaurantCreateJobsRequest {
  const figures = vacancyFigures(draft);
  return {
    positionType: draft.positionType,
    dates: draft.dates,
    workload: workloadOf(draft),
    startTime: draft.startTime,
    endTime: figures.endTime || null,
    hourlyRate: figures.pricePerFreelancer,
    mealTime: blankToNull(draft.mealTime),
    recommendedAttire: blankToNull(draft.recommendedAttire),
    description: blankToNull(draft.description),
    quantity: draft.quantity,
  };
}

/** The first reason the form cannot be sent (the server's own rule, in pt-BR), or null. */
export function draftError(draft: VacancyDraft, now: Date): string | null {
  const { dates, positionType, workload, startTime, mealTime } = vacancyRequest(draft);
  return vacancyCreationError(
    { dates, positionType, workload, startTime, mealTime, quantity: draft.quantity },
    'restaurant',
    now,
  );
}

/**
 * "Repetir vaga" (issue 26): the draft from a vacancy — its position, workload (when a business may
 * choose it), start, quantity, attire, description and meal break (when still an option of that
 * shift); no date: the business chooses among today and the next 6 days.
 */
export function repeatedDraft(vacancy: RepeatableVacancy): VacancyDraft {
  const workload =
    vacancy.workload !== null && (BUSINESS_WORKLOADS as readonly number[]).includes(vacancy.workload)
      ? String(vacancy.workload)
      : '';
  const draft: VacancyDraft = {
    ...EMPTY_DRAFT,
    positionType: (POSITION_TYPES as readonly string[]).includes(vacancy.position_type)
      ? vacancy.position_type
      : '',
    workload,
    startTime: vacancy.start_time,
    quantity: Math.min(Math.max(vacancy.quantity, QUANTITY_MIN), BUSINESS_QUANTITY_MAX),
    recommendedAttire: vacancy.recommended_attire ?? '',
    description: vacancy.description ?? '',
  };
  const meal = vacancy.meal_time ?? '';
  return { ...draft, mealTime: meal && mealOptions(draft).includes(meal) ? meal : '' };
}

/*
 * The vacancy's store (issue 28): with more than one active store within reach, the person chooses
 * one ("Loja", required) and the form sends its `storeId`; with one (or while the stores are unknown)
 * the form shows nothing and sends nothing, and the server takes the business's store.
 */

/** Where the browser keeps the last store chosen in the form, preselected the next time. */
export const STORE_STORAGE_KEY = 'turno.restaurant.store';

/** The stores a vacancy may go to: the active ones the caller reaches; none while unknown. */
export function selectableStores(stores: BusinessStores | undefined): BusinessStore[] {
  return stores?.items.filter((store) => store.is_active) ?? [];
}

/** Whether the form asks for the store: more than one to choose from. */
export function asksForStore(selectable: readonly BusinessStore[]): boolean {
  return selectable.length > 1;
}

/** The chosen store ('' for none) when it is still one to choose from, else ''. */
export function storeChoice(chosen: string, selectable: readonly BusinessStore[]): string {
  return selectable.some((store) => String(store.id) === chosen) ? chosen : '';
}

/** The last store chosen in this browser ('' for none, or when the storage cannot be read). */
export function savedStoreId(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    return storage?.getItem(STORE_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the store chosen for the next vacancy (nothing when the storage cannot be written). */
export function saveStoreId(id: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (id) storage?.setItem(STORE_STORAGE_KEY, id);
  } catch {
    // Private browsing or a full storage: the choice is simply not remembered.
  }
}
