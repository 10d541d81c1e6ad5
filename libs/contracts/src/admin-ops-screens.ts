import { z } from 'zod';
import { BLOCKED_BY, RATER_TYPES, SHORT_TEXT_MAX_LENGTH } from '@turno/domain';
import { Id, IsoDate, Timestamp } from './common';
import { JobSchema } from './jobs';
import { AdminFreelancersQuerySchema } from './admin-ops';
import {
  AdminJobsQuerySchema,
  AdminRestaurantsQuerySchema,
  PageQuery,
  SearchText,
  pageSchema,
} from './lists';

/**
 * The admin operations screens added by issue 10 (bffs/admin-ops): one job for the edit and
 * applications pages, the business picker, Avaliações, Bloqueios and the Excel exports' filters.
 * Field names stay the specification's (spec 02 §3).
 */

// One job — GET /api/admin/jobs/{id} (the edit page and the applications page)
export const AdminJobSchema = JobSchema;
export type AdminJob = z.infer<typeof AdminJobSchema>;

// Business picker — GET /api/admin/restaurant-options (Criar Vagas, job edit, Bloqueios, Controle Mercado)
/** Spec 02 §3 "Restaurant option in lists" plus the contact person and phone the cards show. */
export const RestaurantOptionSchema = z.object({
  id: z.number().int(),
  business_name: z.string(),
  name: z.string(),
  contact_person: z.string().nullable(),
  phone: z.string().nullable(),
  cuisine_type: z.string().nullable(),
  address: z.string().nullable(),
  address_number: z.string().nullable(),
  is_approved: z.boolean(),
  is_active: z.boolean(),
});
export type RestaurantOption = z.infer<typeof RestaurantOptionSchema>;
/**
 * Businesses sorted by business name (then id); `eligible=approved` keeps approved and active ones
 * (where vacancies may be created); `q` searches business name, responsible person, type and contact.
 */
export const RestaurantOptionsQuerySchema = z.object({
  ...PageQuery,
  eligible: z.enum(['all', 'approved']).default('all'),
  q: SearchText,
});
export type RestaurantOptionsQuery = z.input<typeof RestaurantOptionsQuerySchema>;
export const RestaurantOptionsPageSchema = pageSchema(RestaurantOptionSchema);
export type RestaurantOptionsPage = z.infer<typeof RestaurantOptionsPageSchema>;

// Avaliações — GET /api/admin/ratings
/** Spec 02 §3 "Rating". */
export const AdminRatingSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  rated_by_type: z.enum(RATER_TYPES),
  job_title: z.string(),
  restaurant_name: z.string(),
  freelancer_name: z.string(),
  date_needed: IsoDate,
  start_time: z.string(),
  end_time: z.string(),
  created_at: Timestamp,
  assignment_id: z.number().int(),
});
export type AdminRating = z.infer<typeof AdminRatingSchema>;
export const RATING_SCORE_FILTERS = ['all', '1', '2', '3', '4', '5'] as const;
export const RATER_TYPE_FILTERS = ['all', ...RATER_TYPES] as const;
/**
 * Newest first; `q` searches job title, business, freelancer and comment (case- and
 * accent-insensitive); `rating` one score; `rater` who rated.
 */
export const AdminRatingsQuerySchema = z.object({
  ...PageQuery,
  q: SearchText,
  rating: z.enum(RATING_SCORE_FILTERS).default('all'),
  rater: z.enum(RATER_TYPE_FILTERS).default('all'),
});
export type AdminRatingsQuery = z.input<typeof AdminRatingsQuerySchema>;
/** The cards: every rating of the platform (filters left out). */
export const RatingStatsSchema = z.object({
  total: z.number().int(),
  average: z.number().nullable(),
  byRestaurants: z.number().int(),
  byFreelancers: z.number().int(),
});
export type RatingStats = z.infer<typeof RatingStatsSchema>;
export const AdminRatingsPageSchema = pageSchema(AdminRatingSchema).extend({ stats: RatingStatsSchema });
export type AdminRatingsPage = z.infer<typeof AdminRatingsPageSchema>;

// Bloqueios — GET /api/admin/blocks, POST /api/admin/block-freelancer, /unblock-freelancer
/** Spec 02 §3 "Block". */
export const AdminBlockSchema = z.object({
  id: z.number().int(),
  freelancer_id: z.number().int(),
  restaurant_id: z.number().int(),
  freelancer_name: z.string(),
  freelancer_phone: z.string().nullable(),
  restaurant_name: z.string(),
  restaurant_contact_name: z.string().nullable(),
  blocked_by: z.enum(BLOCKED_BY),
  block_reason: z.string().nullable(),
  created_at: Timestamp,
});
export type AdminBlock = z.infer<typeof AdminBlockSchema>;
/** Newest first; `q` searches the freelancer's and the business's names. */
export const AdminBlocksQuerySchema = z.object({ ...PageQuery, q: SearchText });
export type AdminBlocksQuery = z.input<typeof AdminBlocksQuerySchema>;
export const AdminBlocksPageSchema = pageSchema(AdminBlockSchema);
export type AdminBlocksPage = z.infer<typeof AdminBlocksPageSchema>;
/** Both ids required ("❌ Selecione um freelancer e um restaurante", checked by the service). */
export const AdminBlockRequestSchema = z.object({
  freelancerId: Id.optional().nullable(),
  restaurantId: Id.optional().nullable(),
  blockReason: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
});
export type AdminBlockRequest = z.infer<typeof AdminBlockRequestSchema>;
export const AdminUnblockRequestSchema = z.object({
  freelancerId: Id.optional().nullable(),
  restaurantId: Id.optional().nullable(),
});
export type AdminUnblockRequest = z.infer<typeof AdminUnblockRequestSchema>;
export const AdminBlockResponseSchema = z.object({
  blockId: z.number().int(),
  freelancerId: z.number().int(),
  restaurantId: z.number().int(),
  rejectedApplications: z.number().int(),
});
export const AdminUnblockResponseSchema = z.object({ blockId: z.number().int(), removed: z.literal(true) });

// Excel exports — GET /api/admin/exports/{jobs|restaurants|freelancers|ratings|blocks}.xlsx
/** The filters of each list, without its page: the export holds every row the filters show. */
export const AdminJobsExportQuerySchema = AdminJobsQuerySchema.omit({ cursor: true, limit: true });
export const AdminRestaurantsExportQuerySchema = AdminRestaurantsQuerySchema.omit({
  cursor: true,
  limit: true,
});
export const AdminFreelancersExportQuerySchema = AdminFreelancersQuerySchema.omit({
  cursor: true,
  limit: true,
});
export const AdminRatingsExportQuerySchema = AdminRatingsQuerySchema.omit({ cursor: true, limit: true });
export const AdminBlocksExportQuerySchema = AdminBlocksQuerySchema.omit({ cursor: true, limit: true });
