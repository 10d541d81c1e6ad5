import {
  DEFAULT_SEARCH_RADIUS_KM,
  compareNearbyVacancies,
  distanceStep,
  formatVacancyDistance,
  isSearchRadiusKm,
  rankNearbyVacancies,
  searchRadiusKm,
  shownDistanceKm,
  withinSearchRadius,
  type NearbyVacancyKey,
} from './nearby';
import { distanceMeters, type GeoPoint } from './presence';

/** A point `km` east of `from` along its parallel (distanceMeters is the reference). */
function eastOf(from: GeoPoint, km: number): GeoPoint {
  const degrees = km / (111.195 * Math.cos((from.latitude * Math.PI) / 180));
  let point = { latitude: from.latitude, longitude: from.longitude + degrees };
  // Refine on the haversine itself, so the test's edges are exact to the millimetre.
  for (let i = 0; i < 5; i++) {
    const error = distanceMeters(from, point) - km * 1000;
    point = {
      ...point,
      longitude: point.longitude - (error / (km * 1000)) * (point.longitude - from.longitude),
    };
  }
  return point;
}

const PAULISTA: GeoPoint = { latitude: -23.5614, longitude: -46.6559 };

describe('the maximum distance', () => {
  it('defaults to 15 km', () => {
    expect(DEFAULT_SEARCH_RADIUS_KM).toBe(15);
    expect(searchRadiusKm(null)).toBe(15);
    expect(searchRadiusKm(undefined)).toBe(15);
    expect(searchRadiusKm(5)).toBe(5);
  });

  it('keeps exactly 15 km and leaves out 15.001 km', () => {
    expect(withinSearchRadius(15_000, 15)).toBe(true);
    expect(withinSearchRadius(15_001, 15)).toBe(false);
    expect(withinSearchRadius(14_999.999, 15)).toBe(true);
    expect(withinSearchRadius(0, 1)).toBe(true);
  });

  it('accepts whole km from 1 to 100', () => {
    expect([1, 15, 100].every(isSearchRadiusKm)).toBe(true);
    expect([0, 101, 2.5, Number.NaN, '15', null].some(isSearchRadiusKm)).toBe(false);
  });
});

describe('formatVacancyDistance', () => {
  it('writes km with a pt-BR decimal comma', () => {
    expect(formatVacancyDistance(3.2)).toBe('a 3,2 km');
    expect(formatVacancyDistance(15)).toBe('a 15,0 km');
    expect(formatVacancyDistance(0.1)).toBe('a 0,1 km');
    expect(formatVacancyDistance(99.9)).toBe('a 99,9 km');
  });

  it('says "a menos de 100 m" near, whole km far, and "distância desconhecida" unknown', () => {
    expect(formatVacancyDistance(0)).toBe('a menos de 100 m');
    expect(formatVacancyDistance(100)).toBe('a 100 km');
    expect(formatVacancyDistance(1234)).toBe('a 1.234 km');
    expect(formatVacancyDistance(null)).toBe('distância desconhecida');
    expect(formatVacancyDistance(undefined)).toBe('distância desconhecida');
  });

  it('shows the 100 m step the order uses', () => {
    expect(distanceStep(3_249)).toBe(32);
    expect(distanceStep(3_250)).toBe(33);
    expect(shownDistanceKm(3_249)).toBe(3.2);
    expect(formatVacancyDistance(shownDistanceKm(3_251))).toBe('a 3,3 km');
    expect(formatVacancyDistance(shownDistanceKm(49))).toBe('a menos de 100 m');
  });
});

describe('the order of "Vagas"', () => {
  const key = (over: Partial<NearbyVacancyKey>): NearbyVacancyKey => ({
    id: 1,
    positionType: 'Estoquista',
    distanceM: 1_000,
    date: '2026-12-01',
    startTime: '08:00',
    chargeCents: 14_900,
    ...over,
  });
  const order = (specialties: string[], vacancies: NearbyVacancyKey[]) =>
    [...vacancies].sort(compareNearbyVacancies(specialties)).map((vacancy) => vacancy.id);

  it('puts a matching specialty first, even farther away', () => {
    expect(
      order(
        ['Operador de Caixa'],
        [
          key({ id: 1, distanceM: 500 }),
          key({ id: 2, positionType: 'Operador de Caixa', distanceM: 14_000 }),
        ],
      ),
    ).toEqual([2, 1]);
  });

  it('then the placed ones, nearest first by the shown 100 m step, the unknown distances last', () => {
    expect(
      order(
        [],
        [
          key({ id: 1, distanceM: null, date: '2026-11-28' }),
          key({ id: 2, distanceM: 3_400 }),
          key({ id: 3, distanceM: 3_200 }),
        ],
      ),
    ).toEqual([3, 2, 1]);
  });

  it('then, at the same shown distance, the earlier date and start, then the better paid, then the id', () => {
    expect(
      order(
        [],
        [
          key({ id: 1, distanceM: 3_240, date: '2026-12-02' }),
          key({ id: 2, distanceM: 3_160, date: '2026-12-01', startTime: '14:00' }),
          key({ id: 3, distanceM: 3_200, date: '2026-12-01', startTime: '08:00', chargeCents: 14_900 }),
          key({ id: 4, distanceM: 3_210, date: '2026-12-01', startTime: '08:00', chargeCents: 17_900 }),
          key({ id: 5, distanceM: 3_200, date: '2026-12-01', startTime: '08:00', chargeCents: 14_900 }),
        ],
      ),
    ).toEqual([4, 3, 5, 2, 1]);
  });

  it('filters by the maximum distance, exactly 15 km in and 15.001 km out, unplaced stores after', () => {
    const at = (id: number, place: GeoPoint | null) => ({
      id,
      positionType: 'Estoquista',
      date: '2026-12-01',
      startTime: '08:00',
      chargeCents: 14_900,
      place,
    });
    const ranked = rankNearbyVacancies(
      [at(1, eastOf(PAULISTA, 15.001)), at(2, eastOf(PAULISTA, 15)), at(3, null), at(4, eastOf(PAULISTA, 2))],
      PAULISTA,
      15,
      [],
    );
    expect(ranked.map((vacancy) => vacancy.id)).toEqual([4, 2, 3]);
    expect(ranked[1]!.distanceM).toBeCloseTo(15_000, 2);
  });

  it('shows every vacancy without distance to a freelancer who cannot be placed', () => {
    const ranked = rankNearbyVacancies(
      [
        {
          id: 1,
          positionType: 'Estoquista',
          date: '2026-12-02',
          startTime: '08:00',
          chargeCents: 1,
          place: PAULISTA,
        },
        {
          id: 2,
          positionType: 'Estoquista',
          date: '2026-12-01',
          startTime: '08:00',
          chargeCents: 1,
          place: null,
        },
      ],
      null,
      15,
      [],
    );
    expect(ranked.map((vacancy) => [vacancy.id, vacancy.distanceM])).toEqual([
      [2, null],
      [1, null],
    ]);
  });
});
