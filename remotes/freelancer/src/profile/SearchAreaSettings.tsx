import { SearchAreaSchema, type SearchArea, type SearchAreaUpdate } from '@turno/contracts';
import {
  GEOLOCATION_TIMEOUT_MS,
  NEARBY_TEXTS,
  SEARCH_RADIUS_OPTIONS_KM,
  SUCCESS_MESSAGE_MS,
  MESSAGES,
  type SearchOrigin,
} from '@turno/domain';
import { Alert, Button, Card, Loading, SelectField, fetchBff, useBffMutation } from '@turno/ui';
import { useEffect, useState } from 'react';
import { BFF } from '../shared/bff';

export const SEARCH_AREA_URL = `${BFF}/freelancers/search-area`;
const t = NEARBY_TEXTS;

/** The browser's position, asked only when the freelancer chose to search from it. */
function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error(t.locationUnsupported));
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) =>
        reject(new Error(error.code === error.PERMISSION_DENIED ? t.locationDenied : t.locationUnavailable)),
      { enableHighAccuracy: false, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  });
}

function homeText(area: SearchArea): string {
  if (area.home_status === 'found') return t.home.found(area.home_address ?? '');
  return t.home[area.home_status];
}

export interface SearchAreaSettingsProps {
  fetchImpl?: typeof fetch;
}

/**
 * Perfil's "Vagas perto de você" (issue 26): "Buscar a partir de" my address (as geocoded: placed,
 * or why not) or my current location — the browser asks its permission only when that is chosen
 * and saved — and the maximum distance (15 km unless changed). "Vagas" ranks and filters by it.
 */
export function SearchAreaSettings({ fetchImpl }: SearchAreaSettingsProps) {
  const [area, setArea] = useState<SearchArea | null>(null);
  const [failed, setFailed] = useState(false);
  const [origin, setOrigin] = useState<SearchOrigin>('home');
  const [radius, setRadius] = useState('15');
  const [locating, setLocating] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const mutation = useBffMutation({ fallback: MESSAGES.common.saveFailed, fetchImpl });

  useEffect(() => {
    const controller = new AbortController();
    fetchBff(SEARCH_AREA_URL, SearchAreaSchema, { signal: controller.signal, fetchImpl }).then(
      (read) => {
        setArea(read);
        setOrigin(read.origin);
        setRadius(String(read.radius_km));
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [fetchImpl]);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  async function save() {
    const body: SearchAreaUpdate = { origin, radius_km: Number(radius) };
    if (origin === 'current') {
      setLocating(true);
      try {
        body.position = await currentPosition();
      } catch (error) {
        mutation.setError((error as Error).message);
        return;
      } finally {
        setLocating(false);
      }
    }
    const result = await mutation.send(SEARCH_AREA_URL, { method: 'PUT', body, schema: SearchAreaSchema });
    if (result.ok) {
      setArea(result.data);
      setFlash(t.saved);
    }
  }

  const options = [...new Set([...SEARCH_RADIUS_OPTIONS_KM, Number(radius)])]
    .sort((a, b) => a - b)
    .map((km) => ({ value: String(km), label: t.radiusOption(km) }));
  return (
    <Card title={t.settingsTitle} titleAs="h3">
      {failed ? (
        <Alert tone="danger">{t.loadFailed}</Alert>
      ) : !area ? (
        <Loading />
      ) : (
        <form
          className="t-stack"
          style={{ maxWidth: 720 }}
          aria-label={t.settingsTitle}
          data-testid="search-area"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset className="t-stack" style={{ border: 0, padding: 0, margin: 0, minWidth: 0, gap: 8 }}>
            <legend className="t-label">{t.originLegend}</legend>
            <div className="t-row" style={{ gap: 8 }}>
              {(['home', 'current'] as const).map((choice) => (
                <label className="t-choice" key={choice}>
                  <input
                    type="radio"
                    name="searchOrigin"
                    value={choice}
                    checked={origin === choice}
                    onChange={() => setOrigin(choice)}
                  />
                  <span className="t-choice__title">
                    {choice === 'home' ? t.originHome : t.originCurrent}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <p
            className={area.home_status === 'found' ? 't-muted' : undefined}
            style={{ margin: 0, overflowWrap: 'anywhere' }}
            role={area.home_status === 'found' ? undefined : 'status'}
            data-testid="home-place"
          >
            {homeText(area)}
          </p>
          {origin === 'current' && (
            <p className="t-muted" style={{ margin: 0 }}>
              {t.currentHint}
            </p>
          )}
          <SelectField
            label={t.radiusLabel}
            value={radius}
            options={options}
            onChange={(e) => setRadius(e.target.value)}
          />
          {mutation.error && (
            <Alert tone="danger" data-testid="search-area-error">
              {mutation.error}
            </Alert>
          )}
          {flash && (
            <Alert tone="success" data-testid="search-area-flash">
              {flash}
            </Alert>
          )}
          <Button type="submit" busy={mutation.pending || locating}>
            {locating ? t.locating : t.save}
          </Button>
        </form>
      )}
    </Card>
  );
}
