import { z } from 'zod';
import { HttpError, WindowCounter, hashId, route, type RouteInput } from '@turno/bff-kit';
import {
  AddressLookupResultSchema,
  AddressSearchQuerySchema,
  AddressSuggestionListSchema,
  CepParamsSchema,
  type AddressLookupResult,
} from '@turno/contracts';
import { MESSAGES, onlyDigits } from '@turno/domain';
import { AddressServiceUnavailable, lookupCep, searchAddresses } from '../address-lookup';
import type { AddressSettings } from '../settings';

const CEP_CACHE_SECONDS = 7 * 24 * 3600;
const SEARCH_CACHE_SECONDS = 24 * 3600;
const CachedSchema = z.union([
  AddressLookupResultSchema,
  z.array(AddressLookupResultSchema),
  z.literal('not_found'),
]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Input = Pick<RouteInput<unknown, unknown, unknown, 'user'>, 'actor' | 'redis' | 'sessions' | 'ctx'>;

export function addressRoutes(settings: AddressSettings) {
  /** Signed-in users only, `perUserPerMinute` lookups each (the public services ask for moderation). */
  async function throttle({ actor, redis, sessions, ctx }: Input) {
    const counter = new WindowCounter(redis, settings.perUserPerMinute, 60);
    const key = sessions.key(`address:user:${actor.userId}`);
    if (await counter.hitAndCheck(key)) {
      ctx.set('Retry-After', String(await counter.retryAfter(key)));
      throw new HttpError(429, MESSAGES.common.rateLimited);
    }
  }

  async function cached<T extends AddressLookupResult | AddressLookupResult[] | 'not_found'>(
    input: Input,
    key: string,
    ttl: number,
    load: () => Promise<T>,
  ): Promise<T> {
    const fullKey = input.sessions.key(key);
    const hit = await input.redis.get(fullKey);
    if (hit !== null) {
      const parsed = CachedSchema.safeParse(parseJson(hit));
      if (parsed.success) return parsed.data as T;
    }
    await throttle(input);
    const value = await load();
    await input.redis.set(fullKey, JSON.stringify(value), 'EX', ttl);
    return value;
  }

  /**
   * GET /api/address/cep/:cep — the address of a CEP from the configured ViaCEP-compatible service
   * (CEP_LOOKUP_URL, 3 s timeout). 404 'CEP não encontrado'; 502 'Serviço de CEP indisponível…'
   * when the service cannot be reached, so the widget asks for the address by hand.
   */
  const cep = route({
    method: 'get',
    path: '/api/address/cep/:cep',
    access: 'user',
    params: CepParamsSchema,
    response: AddressLookupResultSchema,
    handler: async (input) => {
      const digits = onlyDigits(input.params.cep);
      const result = await cached(input, `address:cep:${digits}`, CEP_CACHE_SECONDS, async () => {
        try {
          return (await lookupCep(digits, settings)) ?? ('not_found' as const);
        } catch (error) {
          if (!(error instanceof AddressServiceUnavailable)) throw error;
          input.ctx.state.logger?.warn({ err: error.cause }, 'CEP service unavailable');
          throw new HttpError(502, MESSAGES.address.cepServiceUnavailable);
        }
      });
      if (result === 'not_found') throw new HttpError(404, MESSAGES.validation.cepNotFound);
      return result;
    },
  });

  /**
   * GET /api/address/search?q= — up to 5 address suggestions in Brazil from the configured
   * Nominatim-compatible service (ADDRESS_SEARCH_URL); 502 with a clear message when unreachable.
   */
  const search = route({
    method: 'get',
    path: '/api/address/search',
    access: 'user',
    query: AddressSearchQuerySchema,
    response: AddressSuggestionListSchema,
    handler: async (input) => {
      const q = input.query.q.replace(/\s+/g, ' ').slice(0, 200);
      return cached(input, `address:search:${hashId(q.toLowerCase())}`, SEARCH_CACHE_SECONDS, async () => {
        try {
          return await searchAddresses(q, settings);
        } catch (error) {
          if (!(error instanceof AddressServiceUnavailable)) throw error;
          input.ctx.state.logger?.warn({ err: error.cause }, 'address search service unavailable');
          throw new HttpError(502, MESSAGES.address.searchServiceUnavailable);
        }
      });
    },
  });

  return [cep, search];
}
