import { GEOCODE_AMBIGUITY_M, distanceMeters, type GeoPoint } from '@turno/domain';

/**
 * A client of a Nominatim-compatible /search (format=jsonv2, countrycodes=br, limit=2), the same
 * published API the shell BFF's address widget uses. Configured by the environment:
 * GEOCODER_URL (default ADDRESS_SEARCH_URL, else nominatim.openstreetmap.org), GEOCODER_USER_AGENT
 * (default ADDRESS_USER_AGENT; Nominatim's policy wants one that names the application) and
 * GEOCODER_TIMEOUT_MS (5000).
 */
export interface GeocoderSettings {
  searchUrl: string;
  userAgent: string;
  timeoutMs: number;
}

export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

export function geocoderSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): GeocoderSettings {
  const timeout = Number(env.GEOCODER_TIMEOUT_MS || 5000);
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw new Error(`GEOCODER_TIMEOUT_MS must be a positive whole number, got "${env.GEOCODER_TIMEOUT_MS}"`);
  return {
    searchUrl: env.GEOCODER_URL || env.ADDRESS_SEARCH_URL || DEFAULT_GEOCODER_URL,
    userAgent:
      env.GEOCODER_USER_AGENT || env.ADDRESS_USER_AGENT || 'Turno/1.0 (geocoding of business addresses)',
    timeoutMs: timeout,
  };
}

export type GeocodeAnswer =
  | ({ status: 'found' } & GeoPoint)
  | { status: 'not_found' }
  | { status: 'ambiguous' }
  /** The service did not answer usefully (down, timeout, 5xx, not JSON): nothing is learned. */
  | { status: 'failed'; detail: string };

export type Geocoder = (query: string) => Promise<GeocodeAnswer>;

function pointOf(place: unknown): GeoPoint | null {
  const { lat, lon } = (place ?? {}) as { lat?: unknown; lon?: unknown };
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (lat === undefined || lon === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The geocoder of these settings. */
export function nominatimGeocoder(settings: GeocoderSettings): Geocoder {
  return async (query) => {
    const url = new URL(settings.searchUrl);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('countrycodes', 'br');
    url.searchParams.set('limit', '2');
    url.searchParams.set('q', query);
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': settings.userAgent, 'accept-language': 'pt-BR' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) return { status: 'failed', detail: `HTTP ${response.status}` };
      body = await response.json();
    } catch (error) {
      return { status: 'failed', detail: error instanceof Error ? error.name : String(error) };
    }
    if (!Array.isArray(body)) return { status: 'failed', detail: 'not a list' };
    const points = body.slice(0, 2).map(pointOf);
    const [first, second] = points;
    if (!first)
      return points.length === 0 ? { status: 'not_found' } : { status: 'failed', detail: 'no lat/lon' };
    if (second && distanceMeters(first, second) > GEOCODE_AMBIGUITY_M) return { status: 'ambiguous' };
    return { status: 'found', ...first };
  };
}
