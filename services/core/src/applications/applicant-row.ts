import type { AdminJobApplication, RestaurantApplication } from '@turno/contracts';
import { parseSpecialties } from '@turno/domain';

/**
 * The applicant part of an application row, as every list of applicants shows it (the business's
 * applicants of a vacancy, the admin's applications of a job): who applies (the freelancer `f`) and
 * their message (the application `a`). A query selects `APPLICANT_COLUMNS` from
 * `applications a join freelancers f on f.id = a.freelancer_id` (`applicantFieldsOf(alias)` names the
 * same fields again from a CTE or subquery) and maps each row with `toApplicant`.
 */
export const APPLICANT_COLUMNS = `a.freelancer_id, f.name as freelancer_name, f.phone as freelancer_phone,
  f.profile_photo_url, f.experience_years, f.rating::text as rating, f.total_jobs, f.specialties,
  a.message as application_message`;

/** The fields APPLICANT_COLUMNS yields, in its order. */
export const APPLICANT_FIELDS = [
  'freelancer_id',
  'freelancer_name',
  'freelancer_phone',
  'profile_photo_url',
  'experience_years',
  'rating',
  'total_jobs',
  'specialties',
  'application_message',
] as const;

/** The APPLICANT_COLUMNS fields read again from `alias` (a CTE or subquery that selected them). */
export function applicantFieldsOf(alias: string): string {
  return APPLICANT_FIELDS.map((field) => `${alias}.${field}`).join(', ');
}

/** A row's APPLICANT_COLUMNS as PostgreSQL returns them (`rating` numeric as text, `specialties` jsonb). */
export interface ApplicantDbRow {
  freelancer_id: number;
  freelancer_name: string;
  freelancer_phone: string | null;
  profile_photo_url: string | null;
  experience_years: number;
  rating: string | null;
  total_jobs: number;
  specialties: unknown;
  application_message: string | null;
}

/** The applicant fields of the wire shapes (identical in RestaurantApplication and AdminJobApplication). */
export type Applicant = Pick<RestaurantApplication & AdminJobApplication, (typeof APPLICANT_FIELDS)[number]>;

/** The wire form of a row's APPLICANT_COLUMNS: rating a number (null until rated), specialties a parsed list. */
export function toApplicant(row: ApplicantDbRow): Applicant {
  return {
    freelancer_id: row.freelancer_id,
    freelancer_name: row.freelancer_name,
    freelancer_phone: row.freelancer_phone,
    profile_photo_url: row.profile_photo_url,
    experience_years: row.experience_years,
    rating: row.rating === null ? null : Number(row.rating),
    total_jobs: row.total_jobs,
    specialties: parseSpecialties(Array.isArray(row.specialties) ? row.specialties : null),
    application_message: row.application_message,
  };
}
