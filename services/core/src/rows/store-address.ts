import type { Restaurant } from '../model';

/**
 * The geocoding side of a business address, shared by the profile edit (accounts) and the store
 * location (presence).
 */

/** The free-text query of a business address: street, number, the rest, the CEP. */
export function geocodeQueryOf(store: Pick<Restaurant, 'address' | 'addressNumber' | 'cep'>): string {
  const [street = '', ...rest] = (store.address ?? '').split(',').map((part) => part.trim());
  const number = store.addressNumber?.trim();
  const cep = store.cep ? `${store.cep.slice(0, 5)}-${store.cep.slice(5)}` : '';
  return [number ? `${street}, ${number}` : street, ...rest, cep].filter(Boolean).join(', ');
}

/** After a profile edit: an address that changed is geocoded again (its old coordinates serve until then). */
export function markForGeocodingIfMoved(store: Restaurant, previousQuery: string): void {
  if (geocodeQueryOf(store) !== previousQuery && store.geocodeStatus !== 'manual') store.geocodeStatus = null;
}
