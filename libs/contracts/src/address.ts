import { z } from 'zod';

/**
 * Address lookups of the shared CEP widget, through the shell BFF (which calls a configurable
 * ViaCEP-compatible and Nominatim-compatible endpoint; spec 01 §3 "Address lookup result").
 */
export const AddressLookupResultSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
  formattedAddress: z.string(),
});
export type AddressLookupResult = z.infer<typeof AddressLookupResultSchema>;

/** GET /api/address/cep/:cep → one result (404 `{ error: 'CEP não encontrado' }`). */
export const CepParamsSchema = z.object({
  cep: z
    .string()
    .max(9)
    .regex(/^\d{5}-?\d{3}$/, 'CEP inválido'),
});

/** GET /api/address/search?q= → up to 5 suggestions in Brazil. */
export const AddressSearchQuerySchema = z.object({
  q: z.string().trim().min(3, 'Digite pelo menos 3 caracteres').max(200),
});
export const AddressSuggestionListSchema = z.array(AddressLookupResultSchema).max(5);
