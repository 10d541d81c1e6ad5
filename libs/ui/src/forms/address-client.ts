import {
  AddressLookupResultSchema,
  AddressSuggestionListSchema,
  type AddressLookupResult,
} from '@turno/contracts';
import { ADDRESS_SUGGESTIONS_MAX, MESSAGES, onlyDigits } from '@turno/domain';
import { type ZodType } from 'zod';
// Imported for its side effect too: zod in jitless mode (strict CSP), as for every BFF call.
import '../data/fetch-bff';

/** Where the shell BFF answers address lookups (same origin for the host and every remote). */
export const ADDRESS_ENDPOINT = '/api/address';

/** A lookup that failed, with the pt-BR text to show beside the field. */
export class AddressLookupError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AddressLookupError';
  }
}

export interface AddressClientOptions {
  endpoint?: string;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

async function serverError(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

async function getJson<T>(
  url: string,
  schema: ZodType<T>,
  fallback: string,
  notFound: string | undefined,
  { fetchImpl = globalThis.fetch, signal }: AddressClientOptions,
): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AddressLookupError(fallback);
  }
  if (!response.ok) {
    const text = await serverError(response);
    if (text) throw new AddressLookupError(text, response.status);
    throw new AddressLookupError(response.status === 404 && notFound ? notFound : fallback, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AddressLookupError(fallback, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`[address] ${url} does not match its contract`, parsed.error.issues);
    throw new AddressLookupError(fallback, response.status);
  }
  return parsed.data;
}

/** GET /api/address/cep/:cep — the address of a CEP (8 digits, with or without the hyphen). */
export function lookupCep(cep: string, options: AddressClientOptions = {}): Promise<AddressLookupResult> {
  const endpoint = options.endpoint ?? ADDRESS_ENDPOINT;
  return getJson(
    `${endpoint}/cep/${onlyDigits(cep)}`,
    AddressLookupResultSchema,
    MESSAGES.validation.cepLookupUnavailable,
    MESSAGES.validation.cepNotFound,
    options,
  );
}

/** GET /api/address/search?q= — up to 5 addresses in Brazil matching free text. */
export async function searchAddresses(
  query: string,
  options: AddressClientOptions = {},
): Promise<AddressLookupResult[]> {
  const endpoint = options.endpoint ?? ADDRESS_ENDPOINT;
  const list = await getJson(
    `${endpoint}/search?${new URLSearchParams({ q: query.trim() }).toString()}`,
    AddressSuggestionListSchema,
    MESSAGES.validation.addressSearchUnavailable,
    undefined,
    options,
  );
  return list.slice(0, ADDRESS_SUGGESTIONS_MAX);
}
