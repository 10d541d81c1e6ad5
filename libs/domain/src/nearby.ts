/**
 * Vacancies near the freelancer (issue 26, "Nearby and fit"): where a freelancer searches from, how
 * far, how a distance is written and the exact order of "Vagas". services/core implements the
 * order in SQL (jobs.queries.ts) and the screens format with `formatVacancyDistance`; docs/decisions.md
 * says why.
 *
 * The order of "Vagas" (`compareNearbyVacancies`), every key ascending:
 * 1. fit: vacancies the business invited the freelancer to ("Chamar de novo", invitations.ts) first,
 *    then those whose position type is one of the freelancer's specialties;
 * 2. placed: vacancies with a known distance before those whose business (or freelancer) could not
 *    be placed ("distância desconhecida");
 * 3. the distance as shown, in steps of 100 m (`distanceStep`): a list never shows "a 3,4 km"
 *    above "a 3,2 km", and vacancies at the same store, or the same shown distance, tie;
 * 4. the date, then the start time (the earlier shift first);
 * 5. the price: the better paid first (the charge, of which the payout is a fixed share);
 * 6. the id (a total order, for keyset paging).
 *
 * The distance filter keeps a vacancy whose distance is at most the maximum (exactly 15 km is in,
 * 15.001 km is out). Distances are great-circle (haversine in libs/domain, `earth_distance` on a
 * sphere in PostgreSQL); Brazil lies far from the antimeridian, so no wrap-around is handled.
 */
import { distanceMeters, type GeoPoint } from './presence';

/** Where a freelancer searches from: the home address (geocoded) or the device's position. */
export const SEARCH_ORIGINS = ['home', 'current'] as const;
export type SearchOrigin = (typeof SEARCH_ORIGINS)[number];

/** The maximum distance of "Vagas" when the freelancer chose none. */
export const DEFAULT_SEARCH_RADIUS_KM = 15;
/** The maximum distances a freelancer may choose (Perfil and the list's filter). */
export const SEARCH_RADIUS_MIN_KM = 1;
export const SEARCH_RADIUS_MAX_KM = 100;
/** The choices the screens offer. */
export const SEARCH_RADIUS_OPTIONS_KM = [5, 10, 15, 25, 50, 100] as const;

export function isSearchOrigin(value: unknown): value is SearchOrigin {
  return typeof value === 'string' && (SEARCH_ORIGINS as readonly string[]).includes(value);
}

export function isSearchRadiusKm(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= SEARCH_RADIUS_MIN_KM &&
    value <= SEARCH_RADIUS_MAX_KM
  );
}

/** The freelancer's maximum distance: their own, or the default. */
export function searchRadiusKm(own: number | null | undefined): number {
  return own ?? DEFAULT_SEARCH_RADIUS_KM;
}

/** Whether a distance (metres) is within a maximum (km): the edge is in. */
export function withinSearchRadius(distanceM: number, radiusKm: number): boolean {
  return distanceM <= radiusKm * 1000;
}

/** The size of a distance step of the order and of what a freelancer is told (100 m). */
export const DISTANCE_STEP_M = 100;

/**
 * A distance rounded to its 100 m step (3,249 m → 32, 3,250 m → 33): the key the order uses and
 * the precision a freelancer learns (the store's exact place stays hidden until acceptance).
 * SQL: floor(distance / 100 + 0.5).
 */
export function distanceStep(distanceM: number): number {
  return Math.floor(distanceM / DISTANCE_STEP_M + 0.5);
}

/** The distance a freelancer is told, in km with one decimal (3,249 m → 3.2). */
export function shownDistanceKm(distanceM: number): number {
  return distanceStep(distanceM) / 10;
}

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeKm = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** What a vacancy whose distance is not known says. */
export const UNKNOWN_DISTANCE_TEXT = 'distância desconhecida';

/**
 * A vacancy's distance as the screens write it, from the km the server sends (one decimal):
 * "a 3,2 km" (pt-BR decimal comma), "a menos de 100 m" under 0.1 km, whole km from 100 km
 * ("a 120 km"), and "distância desconhecida" when unknown.
 */
export function formatVacancyDistance(distanceKm: number | null | undefined): string {
  if (distanceKm === null || distanceKm === undefined || !Number.isFinite(distanceKm))
    return UNKNOWN_DISTANCE_TEXT;
  if (distanceKm < 0.1) return 'a menos de 100 m';
  if (distanceKm >= 100) return `a ${wholeKm.format(distanceKm)} km`;
  return `a ${oneDecimal.format(distanceKm)} km`;
}

/** What the order of "Vagas" looks at. */
export interface NearbyVacancyKey {
  id: number;
  positionType: string;
  /** Metres from the search origin; null when unknown. */
  distanceM: number | null;
  /** 'YYYY-MM-DD' and 'HH:MM'. */
  date: string;
  startTime: string;
  chargeCents: number;
  /** The business invited this freelancer to it (issue 26 "Chamar de novo"). */
  invited?: boolean;
}

/** The order of "Vagas" (see the module's comment) for a freelancer of these specialties. */
export function compareNearbyVacancies(specialties: readonly string[]) {
  const specialtyFit = (vacancy: NearbyVacancyKey) =>
    vacancy.invited ? 0 : specialties.includes(vacancy.positionType) ? 1 : 2;
  return (a: NearbyVacancyKey, b: NearbyVacancyKey): number => {
    const keys = (v: NearbyVacancyKey): (number | string)[] => [
      specialtyFit(v),
      v.distanceM === null ? 1 : 0,
      v.distanceM === null ? 0 : distanceStep(v.distanceM),
      v.date,
      v.startTime,
      -v.chargeCents,
      v.id,
    ];
    const [left, right] = [keys(a), keys(b)];
    for (let i = 0; i < left.length; i++) {
      if (left[i]! < right[i]!) return -1;
      if (left[i]! > right[i]!) return 1;
    }
    return 0;
  };
}

/**
 * The vacancies a freelancer sees, in order: within `radiusKm` of `origin` (or every one, with a
 * null origin: a freelancer who cannot be placed sees no distance), those of unplaced businesses
 * after. The reference the SQL is tested against.
 */
export function rankNearbyVacancies<V extends Omit<NearbyVacancyKey, 'distanceM'>>(
  vacancies: readonly (V & { place: GeoPoint | null })[],
  origin: GeoPoint | null,
  radiusKm: number,
  specialties: readonly string[],
): (V & { place: GeoPoint | null; distanceM: number | null })[] {
  return vacancies
    .map((vacancy) => ({
      ...vacancy,
      distanceM: origin && vacancy.place ? distanceMeters(origin, vacancy.place) : null,
    }))
    .filter((vacancy) => vacancy.distanceM === null || withinSearchRadius(vacancy.distanceM, radiusKm))
    .sort(compareNearbyVacancies(specialties));
}

/**
 * Where the freelancer's home address stands: placed (`found`, or placed by hand), not found or
 * ambiguous (the freelancer is asked to check it), `pending` (saved, not geocoded yet) or `missing`
 * (no address in Perfil).
 */
export const HOME_PLACE_STATUSES = ['found', 'not_found', 'ambiguous', 'pending', 'missing'] as const;
export type HomePlaceStatus = (typeof HOME_PLACE_STATUSES)[number];

/** pt-BR texts of "Vagas perto de você" (Perfil's "Buscar a partir de" and the list). */
export const NEARBY_TEXTS = {
  settingsTitle: 'Vagas perto de você',
  originLegend: 'Buscar a partir de',
  originHome: 'Meu endereço',
  originCurrent: 'Minha localização atual',
  currentHint:
    'O navegador pedirá permissão para informar sua localização. Ela só é usada para calcular a distância das vagas.',
  radiusLabel: 'Distância máxima',
  radiusOption: (km: number) => `Até ${km} km`,
  save: 'Salvar preferência',
  loadFailed: 'Não foi possível carregar sua preferência de distância. Recarregue a página.',
  saved: 'Preferência salva.',
  locating: 'Obtendo sua localização...',
  locationDenied:
    'Sem permissão para usar sua localização. Permita no navegador ou busque a partir do seu endereço.',
  locationUnavailable: 'Não foi possível obter sua localização. Tente de novo ou use seu endereço.',
  locationUnsupported: 'Este navegador não informa a localização. Use seu endereço.',
  home: {
    found: (address: string) => `Endereço localizado: ${address}`,
    not_found:
      'Não conseguimos localizar seu endereço no mapa. Confira rua, número, bairro e cidade em "Meus dados".',
    ambiguous: 'Seu endereço corresponde a mais de um lugar. Inclua bairro, cidade e CEP em "Meus dados".',
    pending: 'Localizando seu endereço... as distâncias aparecem em instantes.',
    missing: 'Informe seu endereço em "Meus dados" para ver as vagas perto de você.',
  } satisfies Record<HomePlaceStatus, string | ((address: string) => string)>,
  homeNotPlacedForCurrent: 'Sem seu endereço localizado: use sua localização atual ou corrija o endereço.',
  currentMissing: 'Informe sua localização para buscar a partir dela.',
  invalidRadius: `Escolha uma distância entre ${SEARCH_RADIUS_MIN_KM} e ${SEARCH_RADIUS_MAX_KM} km.`,
  invalidOrigin: 'Escolha buscar a partir do seu endereço ou da sua localização atual.',
  // The list
  listFilterLabel: 'Distância',
  listArea: (origin: SearchOrigin, km: number) =>
    `Vagas até ${km} km ${origin === 'home' ? 'do seu endereço' : 'da sua localização'}, as da sua especialidade primeiro.`,
  listUnplaced:
    'Sem sua localização, as vagas aparecem sem distância. Informe seu endereço em Perfil para ver as mais perto primeiro.',
  changeInProfile: 'Alterar em Perfil',
} as const;
