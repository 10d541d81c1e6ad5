/**
 * How a shift's steps were recorded (issue 23, "Shifts that happen"): who or what checked the
 * freelancer in and out, how the completion was paid, who released an allocated shift, how a
 * store's coordinates were found, and why a freelancer got a strike. Stored as text with CHECK
 * constraints (services/core) and sent over the wire as is.
 */

/** How a check-in was recorded. */
export const CHECK_IN_METHODS = ['manager', 'admin', 'geofence', 'code'] as const;
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number];

/** How a check-out was recorded; 'scheduled_end' = closed at the scheduled end with no check-out in 24 h. */
export const CHECK_OUT_METHODS = ['manager', 'admin', 'geofence', 'code', 'scheduled_end'] as const;
export type CheckOutMethod = (typeof CHECK_OUT_METHODS)[number];

/**
 * How a completed shift was paid: 'worked' = by the worked time (the partial rule), 'full' = the
 * full scheduled shift (on time, or an early departure the business chose to pay in full).
 */
export const PAY_BASES = ['full', 'worked'] as const;
export type PayBasis = (typeof PAY_BASES)[number];

/** Who released an allocated shift (the assignment became 'cancelled'). */
export const CANCELLED_BY = ['admin', 'restaurant', 'freelancer', 'no_show'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** Where a business address's coordinates came from. */
export const GEOCODE_STATUSES = ['found', 'not_found', 'ambiguous', 'failed', 'manual'] as const;
export type GeocodeStatus = (typeof GEOCODE_STATUSES)[number];

/** Why a freelancer got a strike. */
export const STRIKE_REASONS = ['no_show', 'late_cancel'] as const;
export type StrikeReason = (typeof STRIKE_REASONS)[number];

/** Where a strike's appeal stands: none yet, waiting for the admin, or decided. */
export const STRIKE_APPEAL_STATUSES = ['pending', 'upheld', 'removed'] as const;
export type StrikeAppealStatus = (typeof STRIKE_APPEAL_STATUSES)[number];
