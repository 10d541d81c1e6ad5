/**
 * Numeric limits and timings of the product (spec 01 §5 and §9, spec 02 §5 and §9,
 * 00-decisions). One named constant per rule; the predicates that use them live beside the
 * topic (validation.ts, deadlines.ts, shifts.ts, vacancies.ts).
 */

// Vacancy creation
/** Quantity of vacancies per date: 1..5 for a business, 1..10 for an admin. */
export const QUANTITY_MIN = 1;
export const BUSINESS_QUANTITY_MAX = 5;
export const ADMIN_QUANTITY_MAX = 10;
/** Selectable dates: today and the next 6 days (7 dates), Sao Paulo time. */
export const SELECTABLE_DAYS = 7;

// Applications
/** A pending application expires this long after it was made. */
export const APPLICATION_EXPIRY_MINUTES = 120;
/** Longest message a freelancer may attach to an application (not in the spec; chosen like the rating comment). */
export const APPLICATION_MESSAGE_MAX_LENGTH = 500;

// Ratings
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX_LENGTH = 500;
/** A rating may be given up to this many days after the shift was completed. */
export const RATING_WINDOW_DAYS = 30;

// Profile photo
export const PHOTO_MIN_BYTES = 1024;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

// Freelancer profile
export const EXPERIENCE_YEARS_MIN = 0;
export const EXPERIENCE_YEARS_MAX = 50;

// Brazilian identifiers and contact data
export const PHONE_DIGITS = 11;
export const PHONE_AREA_CODE_MIN = 11;
export const PHONE_AREA_CODE_MAX = 99;
export const CEP_DIGITS = 8;
/** Address suggestions: search after this many characters, after this pause, at most this many results. */
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const ADDRESS_SUGGESTIONS_MAX = 5;

// Freelancer finances
/** The payment history shows the last 30 days. */
export const PAYMENT_HISTORY_WINDOW_DAYS = 30;

// Database limits that every input is checked against before it reaches PostgreSQL
/** The largest PostgreSQL `integer` (int4): every id and count an input carries fits in it. */
export const POSTGRES_INTEGER_MAX = 2_147_483_647;
/** Length of a `varchar(255)` column (names, phones, addresses, titles…). */
export const SHORT_TEXT_MAX_LENGTH = 255;
/** Razão social (legal name) of a business, trimmed (issue 25; `varchar(150)`). */
export const LEGAL_NAME_MIN_LENGTH = 2;
export const LEGAL_NAME_MAX_LENGTH = 150;
/** Longest free text accepted in a `text` column (descriptions, messages, reasons). */
export const LONG_TEXT_MAX_LENGTH = 2_000;

// Polling and screen timings (milliseconds)
export const POLL_INTERVAL_MS = {
  /** Restaurant job list. */
  restaurantJobs: 15_000,
  /** Freelancer job list while the freelancer has active jobs. */
  freelancerActiveJobs: 10_000,
  /** Admin command-centre job list. */
  adminJobs: 30_000,
} as const;
export const SUCCESS_MESSAGE_MS = 5_000;
export const COMPLETION_MESSAGE_MS = 10_000;
/** After a completion message, the rating prompt appears after this delay. */
export const RATING_PROMPT_DELAY_MS = 3_000;
/** The invoice list reloads this long after a generation. */
export const INVOICE_RELOAD_DELAY_MS = 1_000;
/** Redirect / modal close after a successful admin save. */
export const ADMIN_SAVE_REDIRECT_MS = 2_000;

// Billing
/** Weeks the admin may generate: current week and 1, 2, 3 weeks back. */
export const WEEKLY_GENERATION_OFFSETS = [0, -1, -2, -3] as const;
/** Days between the issue date and the due date. */
export const INVOICE_PAYMENT_TERM_DAYS = 7;

// Admin deletion safety
/** The word an admin types to confirm deleting a restaurant or freelancer. */
export const DELETE_CONFIRMATION_WORD = 'CONFIRMAR';

// Lists (every list endpoint answers one page at a time)
/** Rows per page when the caller does not say. */
export const LIST_PAGE_SIZE_DEFAULT = 50;
/** The most rows a list endpoint ever answers at once. */
export const LIST_PAGE_SIZE_MAX = 200;
/** Longest text search a list accepts. */
export const LIST_SEARCH_MAX_LENGTH = 100;
/** Longest page cursor (an opaque token the server made). */
export const LIST_CURSOR_MAX_LENGTH = 200;
/** A search box waits this long after the last key before it asks the server. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

// Per-user rate limits (anti-automation, ASVS V2.4.1): at most `limit` calls that passed
// validation per user per window; past it 429 with Retry-After. One table for every BFF; the
// environment may change a limit (USER_RATE_LIMIT_<NAME>, see bffs/kit/src/rate-limits.ts).
export const USER_RATE_LIMITS = {
  /** A freelancer applying to vacancies. */
  apply: { limit: 30, windowMinutes: 10 },
  /** A business (or an admin) creating vacancies: each call may create up to 5 per date. */
  createVacancies: { limit: 20, windowMinutes: 10 },
  /** Profile writes: setup, a freelancer's or a business's profile edit. */
  profileWrite: { limit: 20, windowMinutes: 10 },
  /** A freelancer uploading a profile photo. */
  photoUpload: { limit: 10, windowMinutes: 10 },
  /** A freelancer's check-in or check-out with a store's presence code: 6 digits must not be guessable. */
  presenceCode: { limit: 10, windowMinutes: 10 },
} as const satisfies Record<string, { limit: number; windowMinutes: number }>;
export type UserRateLimitName = keyof typeof USER_RATE_LIMITS;
