/** Wire shapes of issue 23 ("Shifts that happen"): presence. */
import { z } from 'zod';
import {
  ASSIGNMENT_STATUSES,
  CORRECTION_REASON_MAX_LENGTH,
  CORRECTION_REASON_MIN_LENGTH,
  GEOCODE_STATUSES,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  HOME_PLACE_STATUSES,
  MESSAGES,
  NEARBY_TEXTS,
  SEARCH_ORIGINS,
  SEARCH_RADIUS_MAX_KM,
  SEARCH_RADIUS_MIN_KM,
} from '@turno/domain';
import { Id, Timestamp } from './common';

// POST /api/freelancers/presence/:id/check-in and …/check-out (freelancer BFF)
/** The browser's position (Geolocation API): degrees, and the accuracy in metres. */
export const ReportedPositionSchema = z.object(
  {
    latitude: z.number({ message: MESSAGES.presence.positionInvalid }).min(-90).max(90),
    longitude: z.number({ message: MESSAGES.presence.positionInvalid }).min(-180).max(180),
    accuracy: z.number({ message: MESSAGES.presence.positionInvalid }).min(0).max(1_000_000),
  },
  { message: MESSAGES.presence.positionInvalid },
);

/**
 * Proof of presence: the position, or the store's 6-digit code (spaces allowed), or both (the code
 * decides then). One of them is required.
 */
export const PresenceProofRequestSchema = z
  .object({
    position: ReportedPositionSchema.nullish(),
    code: z
      .string({ message: MESSAGES.presence.codeFormat })
      .max(20, { message: MESSAGES.presence.codeFormat })
      .regex(/^\s*\d{3}\s?\d{3}\s*$/, { message: MESSAGES.presence.codeFormat })
      .nullish(),
  })
  .refine((proof) => Boolean(proof.position || proof.code), {
    message: MESSAGES.presence.positionOrCodeRequired,
  });
export type PresenceProofRequest = z.infer<typeof PresenceProofRequestSchema>;

export const PresenceParamsSchema = z.object({ id: Id });

export const PRESENCE_METHODS = ['geofence', 'code'] as const;
export const PresenceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  job_id: z.number().int(),
  assignment_status: z.enum(ASSIGNMENT_STATUSES),
  check_in_time: Timestamp.nullable(),
  check_out_time: Timestamp.nullable(),
  /** How this step was proved. */
  method: z.enum(PRESENCE_METHODS).nullable(),
  /** Metres from the store at a geofence step. */
  distance_m: z.number().int().nullable(),
});
export type PresenceResponse = z.infer<typeof PresenceResponseSchema>;

// GET /api/restaurant/presence-code?storeId (restaurant BFF, never cached)
/** One of the member's stores (issue 28: each store has its own code); absent, the first they reach. */
export const PresenceCodeQuerySchema = z.object({ storeId: Id.optional() });
export const PresenceCodeResponseSchema = z.object({
  code: z.string().regex(/^\d{6}$/),
  /** An SVG QR code of the code, as a data: URL. */
  qr_code: z.string(),
  seconds_left: z.number().int().min(1).max(30),
  /** The server's clock, for the countdown. */
  server_time: Timestamp,
  /** The store whose code this is (issue 28). */
  store_id: z.number().int().optional(),
});
export type PresenceCodeResponse = z.infer<typeof PresenceCodeResponseSchema>;

// GET|PUT /api/admin/restaurants/:id/location and POST …/location/geocode (admin-ops BFF)
export const StoreLocationResponseSchema = z.object({
  restaurant_id: z.number().int(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geocode_status: z.enum(GEOCODE_STATUSES).nullable(),
  geocoded_at: Timestamp.nullable(),
  radius_m: z.number().int().nullable(),
  default_radius_m: z.number().int(),
  /** After a geocode: what the geocoder said, in pt-BR. */
  message: z.string().optional(),
});
export type StoreLocationResponse = z.infer<typeof StoreLocationResponseSchema>;

export const StoreLocationRequestSchema = z.object({
  latitude: z
    .number({ message: MESSAGES.presence.latitudeRange })
    .min(-90, MESSAGES.presence.latitudeRange)
    .max(90, MESSAGES.presence.latitudeRange)
    .nullable(),
  longitude: z
    .number({ message: MESSAGES.presence.longitudeRange })
    .min(-180, MESSAGES.presence.longitudeRange)
    .max(180, MESSAGES.presence.longitudeRange)
    .nullable(),
  radius_m: z
    .number()
    .int(MESSAGES.presence.radiusRange(GEOFENCE_RADIUS_MIN_M, GEOFENCE_RADIUS_MAX_M))
    .min(GEOFENCE_RADIUS_MIN_M, MESSAGES.presence.radiusRange(GEOFENCE_RADIUS_MIN_M, GEOFENCE_RADIUS_MAX_M))
    .max(GEOFENCE_RADIUS_MAX_M, MESSAGES.presence.radiusRange(GEOFENCE_RADIUS_MIN_M, GEOFENCE_RADIUS_MAX_M))
    .nullable(),
  /** Why the admin corrects the location (kept in the audit trail). */
  reason: z
    .string()
    .trim()
    .min(
      CORRECTION_REASON_MIN_LENGTH,
      MESSAGES.shifts.correctionReasonLength(CORRECTION_REASON_MIN_LENGTH, CORRECTION_REASON_MAX_LENGTH),
    )
    .max(
      CORRECTION_REASON_MAX_LENGTH,
      MESSAGES.shifts.correctionReasonLength(CORRECTION_REASON_MIN_LENGTH, CORRECTION_REASON_MAX_LENGTH),
    ),
});
export type StoreLocationRequest = z.infer<typeof StoreLocationRequestSchema>;

// GET / PUT /api/freelancers/search-area (freelancer BFF, issue 26)
/**
 * Where the freelancer searches vacancies from: `origin` chosen, the maximum distance, the home
 * address and whether it could be placed (libs/domain HOME_PLACE_STATUSES), and whether a current
 * position is kept (its coordinates are not sent back).
 */
export const SearchAreaSchema = z.object({
  origin: z.enum(SEARCH_ORIGINS),
  radius_km: z.number().int(),
  home_address: z.string().nullable(),
  home_status: z.enum(HOME_PLACE_STATUSES),
  has_current_position: z.boolean(),
  current_at: Timestamp.nullable(),
});
export type SearchArea = z.infer<typeof SearchAreaSchema>;

/** The choice: `position` (the browser's, with consent) is required for `current` unless one is kept. */
export const SearchAreaUpdateSchema = z.object({
  origin: z.enum(SEARCH_ORIGINS, { message: NEARBY_TEXTS.invalidOrigin }),
  radius_km: z
    .number({ message: NEARBY_TEXTS.invalidRadius })
    .int({ message: NEARBY_TEXTS.invalidRadius })
    .min(SEARCH_RADIUS_MIN_KM, { message: NEARBY_TEXTS.invalidRadius })
    .max(SEARCH_RADIUS_MAX_KM, { message: NEARBY_TEXTS.invalidRadius }),
  position: z
    .object({
      latitude: z.number({ message: MESSAGES.presence.positionInvalid }).min(-90).max(90),
      longitude: z.number({ message: MESSAGES.presence.positionInvalid }).min(-180).max(180),
    })
    .optional(),
});
export type SearchAreaUpdate = z.infer<typeof SearchAreaUpdateSchema>;
