import { z } from 'zod';
import { LONG_TEXT_MAX_LENGTH, MESSAGES, SHORT_TEXT_MAX_LENGTH } from '@turno/domain';
import { Id, Timestamp } from './common';
import { JobSchema } from './jobs';
import { FreelancerRatingRequestSchema } from './freelancer-records';
import { RestaurantJobsPageSchema, SearchText } from './lists';

/**
 * The restaurant panel's Perfil, Bloqueios and rating calls (spec 01 §3, §5, §7; issue 8), served by
 * the restaurant BFF. Every call is scoped to the signed-in business.
 */

// GET /api/jobs (the restaurant's agenda) — each row says whether the business may still rate it.
/** A job of the agenda; `can_rate`: completed, within 30 days of completion, not rated by the business yet. */
export const RestaurantAgendaJobSchema = JobSchema.extend({ can_rate: z.boolean() });
export type RestaurantAgendaJob = z.infer<typeof RestaurantAgendaJobSchema>;
export const RestaurantAgendaPageSchema = RestaurantJobsPageSchema.extend({
  items: z.array(RestaurantAgendaJobSchema),
});
export type RestaurantAgendaPage = z.infer<typeof RestaurantAgendaPageSchema>;

// POST /api/ratings (the business rates the freelancer of a completed shift)
/** assignmentId, rating 1–5 ("Por favor, selecione uma avaliação de 1 a 5 estrelas"), comment ≤ 500. */
export const RestaurantRatingRequestSchema = FreelancerRatingRequestSchema;
export type RestaurantRatingRequest = z.input<typeof RestaurantRatingRequestSchema>;
export const RestaurantRatingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  assignmentId: z.number().int(),
  rating: z.number().int(),
});
export type RestaurantRatingResponse = z.infer<typeof RestaurantRatingResponseSchema>;

// PUT /api/restaurant/profile
const optionalShort = z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable();
/**
 * The profile save payload (spec 01 §3): responsible name and business name required; phone
 * (digits, the phone widget's rule), address, number, CEP, establishment type (one of the 30) and
 * contact person optional — empty or null clears them. The accounts service checks phone, CEP and type.
 */
export const RestaurantProfileUpdateSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.restaurants.nameRequired).max(SHORT_TEXT_MAX_LENGTH),
  businessName: z
    .string()
    .trim()
    .min(1, MESSAGES.restaurants.businessNameRequired)
    .max(SHORT_TEXT_MAX_LENGTH),
  phone: z.string().trim().max(30).optional().nullable(),
  address: optionalShort,
  addressNumber: optionalShort,
  cep: z.string().trim().max(9).optional().nullable(),
  cuisineType: optionalShort,
  contactPerson: optionalShort,
  /** CNPJ (masked or bare, check digits) and razão social (2–150): issue 25; once set, required. */
  cnpj: z.string().trim().max(30).optional().nullable(),
  legalName: optionalShort,
});
export type RestaurantProfileUpdate = z.input<typeof RestaurantProfileUpdateSchema>;

// GET /api/restaurant/blocked-freelancers
/** Spec 01 §3 "Blocked freelancer"; `blocked_by` 'admin' means only the administration may remove it. */
export const BlockedFreelancerSchema = z.object({
  id: z.number().int(),
  freelancer_id: z.number().int(),
  freelancer_name: z.string(),
  freelancer_phone: z.string().nullable(),
  block_reason: z.string().nullable(),
  created_at: Timestamp,
  blocked_by: z.enum(['restaurant', 'admin']),
});
export type BlockedFreelancer = z.infer<typeof BlockedFreelancerSchema>;
/** Newest first, at most 200 (`total` counts them all). */
export const BlockedFreelancerListSchema = z.object({
  items: z.array(BlockedFreelancerSchema),
  total: z.number().int().nonnegative(),
});
export type BlockedFreelancerList = z.infer<typeof BlockedFreelancerListSchema>;

// GET /api/freelancers (the block dialog's picker)
/**
 * The freelancers a business may block: approved, not blocked there yet, and who applied to or
 * worked at one of its vacancies (docs/decisions.md "Bloqueios"); `q` searches the name.
 */
export const PickableFreelancersQuerySchema = z.object({ q: SearchText });
export type PickableFreelancersQuery = z.input<typeof PickableFreelancersQuerySchema>;
export const PickableFreelancerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  is_approved: z.boolean(),
});
export type PickableFreelancer = z.infer<typeof PickableFreelancerSchema>;
/** By name, at most 200 (`total` counts every match). */
export const PickableFreelancerListSchema = z.object({
  items: z.array(PickableFreelancerSchema),
  total: z.number().int().nonnegative(),
});
export type PickableFreelancerList = z.infer<typeof PickableFreelancerListSchema>;

// POST /api/restaurant/block-freelancer
export const BlockFreelancerRequestSchema = z.object({
  freelancerId: Id,
  blockReason: z.string().trim().max(LONG_TEXT_MAX_LENGTH).optional().nullable(),
});
export type BlockFreelancerRequest = z.input<typeof BlockFreelancerRequestSchema>;
export const BlockFreelancerResponseSchema = z.object({
  blockId: z.number().int(),
  freelancerId: z.number().int(),
  rejectedApplications: z.number().int().nonnegative(),
});
export type BlockFreelancerResponse = z.infer<typeof BlockFreelancerResponseSchema>;

// POST /api/restaurant/unblock-freelancer
export const UnblockFreelancerRequestSchema = z.object({ freelancerId: Id });
export type UnblockFreelancerRequest = z.input<typeof UnblockFreelancerRequestSchema>;
export const UnblockFreelancerResponseSchema = z.object({
  blockId: z.number().int(),
  removed: z.literal(true),
});
export type UnblockFreelancerResponse = z.infer<typeof UnblockFreelancerResponseSchema>;
