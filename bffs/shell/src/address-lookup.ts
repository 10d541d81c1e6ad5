import type { AddressLookupResult } from '@turno/contracts';
import { onlyDigits } from '@turno/domain';
import type { AddressSettings } from './settings';

/** The remote service did not answer usefully (down, timeout, 5xx, not JSON). */
export class AddressServiceUnavailable extends Error {
  constructor(service: string, cause: unknown) {
    super(`${service} unavailable`, { cause });
    this.name = 'AddressServiceUnavailable';
  }
}

/** '01001000' → '01001-000'; other lengths as given. */
export function formatCep(value: string): string {
  const digits = onlyDigits(value);
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value.trim();
}

const UF_BY_STATE: Record<string, string> = {
  acre: 'AC',
  alagoas: 'AL',
  amapá: 'AP',
  amazonas: 'AM',
  bahia: 'BA',
  ceará: 'CE',
  'distrito federal': 'DF',
  'espírito santo': 'ES',
  goiás: 'GO',
  maranhão: 'MA',
  'mato grosso': 'MT',
  'mato grosso do sul': 'MS',
  'minas gerais': 'MG',
  pará: 'PA',
  paraíba: 'PB',
  paraná: 'PR',
  pernambuco: 'PE',
  piauí: 'PI',
  'rio de janeiro': 'RJ',
  'rio grande do norte': 'RN',
  'rio grande do sul': 'RS',
  rondônia: 'RO',
  roraima: 'RR',
  'santa catarina': 'SC',
  'são paulo': 'SP',
  sergipe: 'SE',
  tocantins: 'TO',
};

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** "Rua X, Bairro, Cidade - UF, 00000-000", skipping empty parts. */
export function formatAddress(parts: Omit<AddressLookupResult, 'formattedAddress'>): string {
  const cityUf = [parts.localidade, parts.uf].filter(Boolean).join(' - ');
  return [parts.logradouro, parts.bairro, cityUf, parts.cep].filter(Boolean).join(', ');
}

async function fetchJson(url: URL, settings: AddressSettings, service: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': settings.userAgent, 'accept-language': 'pt-BR' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    throw new AddressServiceUnavailable(service, error);
  }
  if (!response.ok) throw new AddressServiceUnavailable(service, new Error(`HTTP ${response.status}`));
  try {
    return await response.json();
  } catch (error) {
    throw new AddressServiceUnavailable(service, error);
  }
}

/** ViaCEP (or compatible) by CEP: the address, or null for `{ "erro": true }`. */
export async function lookupCep(cep: string, settings: AddressSettings): Promise<AddressLookupResult | null> {
  const digits = onlyDigits(cep);
  const url = new URL(settings.cepLookupUrl.replace('{cep}', digits));
  const body = (await fetchJson(url, settings, 'cep')) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || body.erro === true || body.erro === 'true') return null;
  const parts = {
    cep: formatCep(str(body.cep) || digits),
    logradouro: str(body.logradouro),
    bairro: str(body.bairro),
    localidade: str(body.localidade),
    uf: str(body.uf).toUpperCase(),
  };
  if (!parts.localidade && !parts.logradouro) return null;
  return { ...parts, formattedAddress: formatAddress(parts) };
}

interface NominatimPlace {
  display_name?: unknown;
  address?: Record<string, unknown>;
}

function ufOf(address: Record<string, unknown>): string {
  const iso = str(address['ISO3166-2-lvl4']);
  if (/^BR-[A-Z]{2}$/.test(iso)) return iso.slice(3);
  return UF_BY_STATE[str(address.state).toLowerCase()] ?? '';
}

/** One Nominatim (jsonv2, addressdetails=1) place as the widget's result. */
export function fromNominatim(place: NominatimPlace): AddressLookupResult {
  const address = place.address ?? {};
  const first = (...keys: string[]) => keys.map((key) => str(address[key])).find(Boolean) ?? '';
  const parts = {
    cep: formatCep(first('postcode')),
    logradouro: first('road', 'pedestrian', 'footway', 'square', 'residential'),
    bairro: first('suburb', 'neighbourhood', 'quarter', 'city_district', 'district'),
    localidade: first('city', 'town', 'village', 'municipality', 'hamlet'),
    uf: ufOf(address),
  };
  const formattedAddress = formatAddress(parts) || str(place.display_name);
  return { ...parts, formattedAddress };
}

/** Up to 5 suggestions in Brazil from a Nominatim-compatible search. */
export async function searchAddresses(q: string, settings: AddressSettings): Promise<AddressLookupResult[]> {
  const url = new URL(settings.searchUrl);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('countrycodes', 'br');
  url.searchParams.set('limit', '5');
  url.searchParams.set('q', q);
  const body = await fetchJson(url, settings, 'search');
  if (!Array.isArray(body)) throw new AddressServiceUnavailable('search', new Error('not a list'));
  return (body as NominatimPlace[]).slice(0, 5).map(fromNominatim);
}
