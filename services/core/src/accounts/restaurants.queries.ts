import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRestaurant, AdminRestaurantsPage, AdminRestaurantsQuerySchema } from '@turno/contracts';
import type { z } from 'zod';
import { decodeCursor, pageOf } from '../shared/keyset';
import { containsPattern, foldedMatch } from '../shared/search';
import { countsOf, readPageWithKeptCounts, statusCountsSql, type ListReadOptions } from '../shared/list-read';
import { SqlWhere } from '../shared/sql-where';
import { VersionedCache } from '../shared/versioned-cache';
import { UTC_ISO, UTC_MICROSECONDS } from '../shared/wire';

export type AdminRestaurantsFilter = z.output<typeof AdminRestaurantsQuerySchema>;
type RestaurantCounts = AdminRestaurantsPage['counts'];

interface RestaurantDbRow {
  id: number;
  store_count: number;
  active_store_names: string[];
  user_id: number;
  name: string;
  business_name: string;
  phone: string | null;
  address: string | null;
  address_number: string | null;
  cuisine_type: string | null;
  contact_person: string | null;
  cnpj: string | null;
  legal_name: string | null;
  is_approved: boolean;
  is_active: boolean;
  approved_at: string | null;
  created_at: string;
  /** created_at in UTC to the microsecond (timestamptz's precision): the exact key of the cursor. */
  created_at_key: string;
}

/** The active stores named in a row of the admins' Mercados list (the count says how many in all). */
const ADMIN_LIST_STORE_NAMES = 5;

function toAdminRestaurant(row: RestaurantDbRow): AdminRestaurant {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    business_name: row.business_name,
    phone: row.phone,
    address: row.address,
    address_number: row.address_number,
    cuisine_type: row.cuisine_type,
    contact_person: row.contact_person,
    cnpj: row.cnpj,
    legal_name: row.legal_name,
    is_approved: row.is_approved,
    is_active: row.is_active,
    approved_at: row.approved_at,
    created_at: row.created_at,
    store_count: row.store_count,
    active_store_names: row.active_store_names,
  };
}

/** Account states of spec 02 §4: approved; pending = not approved and active; rejected = inactive. */
const STATUS_CONDITIONS: Record<Exclude<AdminRestaurantsFilter['status'], 'all'>, string> = {
  approved: 'r.is_approved',
  pending: 'not r.is_approved and r.is_active',
  rejected: 'not r.is_active',
};

const countsCache = new VersionedCache<RestaurantCounts>();

/**
 * The CNPJ digits a search term may be: a term of digits and the mask's `.`, `/`, `-` only (typed
 * '12.345.678/0001-95', '12345678' or '678/0001'), with at least 3 digits → its digits (the column
 * keeps the CNPJ unmasked); any other term → null (searched as text only).
 */
export function cnpjSearchDigits(q: string): string | null {
  const term = q.trim();
  if (!/^[\d./\-\s]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/**
 * Restaurants for the admin "Mercados" tab: newest registration first, one account status, and a
 * search over business name, responsible person and establishment type, and the CNPJ (digits or
 * masked, {@link cnpjSearchDigits}); the stat cards count each
 * status over the search.
 */
export async function listAdminRestaurantsPage(
  em: EntityManager,
  query: AdminRestaurantsFilter,
  options: Pick<ListReadOptions, 'dataVersion'> = {},
): Promise<AdminRestaurantsPage> {
  const filter = new SqlWhere();
  if (query.q) {
    const cnpj = cnpjSearchDigits(query.q);
    if (cnpj)
      filter.add(
        `(${foldedMatch(['r.search_text'])} or r.cnpj like ?)`,
        containsPattern(query.q),
        containsPattern(cnpj),
      );
    else filter.add(foldedMatch(['r.search_text']), containsPattern(query.q));
  }
  const where = filter.copy();
  if (query.status !== 'all') where.add(STATUS_CONDITIONS[query.status]);
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  if (cursor) where.add('(r.created_at, r.id) < (?::timestamptz, ?)', ...cursor);

  // One statement: the page and, unless kept for this data version, the stat cards' counts.
  const { rows, counts } = await readPageWithKeptCounts<RestaurantDbRow, RestaurantCounts>(
    em,
    {
      sql: `select r.id, r.user_id, r.name, r.business_name, r.phone, r.address, r.address_number,
         r.cuisine_type, r.contact_person, r.cnpj, r.legal_name, r.is_approved, r.is_active,
         ${UTC_ISO('r.approved_at')} as approved_at, ${UTC_ISO('r.created_at')} as created_at,
         ${UTC_MICROSECONDS('r.created_at')} as created_at_key,
         (select count(*)::int from stores s where s.restaurant_id = r.id) as store_count,
         array(select s.name from stores s where s.restaurant_id = r.id and s.is_active
                order by s.name, s.id limit ${ADMIN_LIST_STORE_NAMES}) as active_store_names
       from restaurants r ${where.sql()}
       order by r.created_at desc, r.id desc limit ?`,
      params: [...where.params, query.limit + 1],
    },
    {
      cache: countsCache,
      key: JSON.stringify(['admin-restaurants', query.q ?? '']),
      version: options.dataVersion,
      statement: () => ({
        sql: statusCountsSql(`restaurants r ${filter.sql()}`, STATUS_CONDITIONS),
        params: filter.params,
      }),
      shape: (row) => countsOf(row as Record<string, number>, ['all', 'pending', 'approved', 'rejected']),
    },
  );
  const page = pageOf(rows, query.limit, (row) => [row.created_at_key, row.id], toAdminRestaurant);
  return { ...page, total: counts[query.status], counts };
}
