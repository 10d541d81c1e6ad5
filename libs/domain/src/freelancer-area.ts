/**
 * Rules of the freelancer area (spec 01 "Freelancer dashboard", §5 "Freelancer applying", §6):
 * what may be shown of a business before acceptance, what stops an application, the check-in
 * request window, and the time left of a pending application.
 */
import { MS_PER_MINUTE } from './time';
import { shiftStartInstant, type ShiftTime } from './shifts';

/** Where a vacancy is, as a freelancer may see it before acceptance: neighbourhood and city only. */
export interface VacancyArea {
  neighborhood: string | null;
  city: string | null;
}

/** A house number heading a part: "1500", "12B", "1500 - Vila Mariana" (keeps "Vila Mariana"; "25 de Março" stays). */
const LEADING_NUMBER = /^\d+[A-Za-z]?(?:\s*-\s*|$)/;

/**
 * The neighbourhood and city of a business address stored as "Rua, Bairro, Cidade - UF" (what the
 * CEP widget writes; an admin may have typed "Rua, 12 - Bairro, Cidade - UF"). The first part, the
 * street, is always dropped, and so are house numbers; with one part left it is taken as the city.
 * An address without a comma cannot be told apart from a bare street: nothing is shown.
 */
export function vacancyArea(address: string | null | undefined): VacancyArea {
  const parts = (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .slice(1)
    .map((part) => part.replace(LEADING_NUMBER, '').trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return { neighborhood: null, city: null };
  if (parts.length === 1) return { neighborhood: null, city: parts[0]! };
  return { neighborhood: parts[parts.length - 2]!, city: parts[parts.length - 1]! };
}

/** What a freelancer still needs before applying, in the order the server checks it. */
export type ApplyRequirement = 'availability' | 'approval' | 'photo';

/** The account facts that allow applying (GET /api/freelancers/me). */
export interface ApplyEligibility {
  is_available: boolean;
  is_approved: boolean;
  has_profile_photo: boolean;
}

/**
 * The first requirement missing for applying (spec 01 §6: approved, available, with a photo), or
 * null when the freelancer may apply. Same order as the applications service refuses them.
 */
export function missingApplyRequirement(profile: ApplyEligibility): ApplyRequirement | null {
  if (!profile.is_available) return 'availability';
  if (!profile.is_approved) return 'approval';
  if (!profile.has_profile_photo) return 'photo';
  return null;
}

/**
 * Check-in may be requested from this long before the shift start (the spec is silent; a person
 * expects no check-in the day before). There is no upper bound: a late arrival still checks in.
 */
export const CHECK_IN_MINUTES_BEFORE_START = 60;

/** True when a check-in request is allowed at `now`: from 1 h before the start on. False on invalid input. */
export function checkInRequestAllowed(shift: Pick<ShiftTime, 'date' | 'start'>, now: Date): boolean {
  let start: Date;
  try {
    start = shiftStartInstant(shift);
  } catch {
    return false;
  }
  return now.getTime() >= start.getTime() - CHECK_IN_MINUTES_BEFORE_START * MS_PER_MINUTE;
}

/**
 * The time left until `expiresAt` as a person reads it: "1 h 05 min", "45 min", "menos de 1 min";
 * null once it has passed.
 */
export function timeLeftLabel(expiresAt: Date, now: Date): string | null {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / MS_PER_MINUTE);
  if (minutes < 1) return 'menos de 1 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}
