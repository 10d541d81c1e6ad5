import {
  DEFAULT_GEOFENCE_RADIUS_M,
  MAX_ACCURACY_ALLOWANCE_M,
  allowedDistance,
  distanceMeters,
  formatDistance,
  geofenceDecision,
  normalizePresenceCode,
  presenceCodeSecondsLeft,
  presenceCodeStep,
  presenceCodeStepAccepted,
} from './presence';
import { presence } from './messages-presence';

const store = { latitude: -23.5874, longitude: -46.6376, radiusM: null };
/** A point `meters` due north of the store (1° of latitude ≈ 111 195 m on the mean sphere). */
const north = (meters: number) => ({
  latitude: store.latitude + meters / ((6_371_008.8 * Math.PI) / 180),
  longitude: store.longitude,
});

describe('distanceMeters', () => {
  it('is 0 at the same point and symmetric', () => {
    expect(distanceMeters(store, store)).toBe(0);
    const a = north(499.99);
    expect(distanceMeters(store, a)).toBeCloseTo(distanceMeters(a, store), 6);
  });
  it('measures a known distance (Av. Paulista/MASP to Praça da Sé ≈ 3.2 km)', () => {
    const masp = { latitude: -23.5614, longitude: -46.6559 };
    const se = { latitude: -23.5503, longitude: -46.6339 };
    expect(distanceMeters(masp, se)).toBeGreaterThan(2_500);
    expect(distanceMeters(masp, se)).toBeLessThan(2_600);
  });
});

describe('geofenceDecision at the edge of the radius', () => {
  it('takes 200 m with no accuracy (to the centimetre), refuses just past it', () => {
    expect(geofenceDecision(store, { ...north(199.9), accuracy: 0 })).toMatchObject({ inside: true });
    expect(geofenceDecision(store, { ...north(199.99), accuracy: 0 })).toMatchObject({
      inside: true,
      distanceM: 200,
    });
    expect(geofenceDecision(store, { ...north(200.6), accuracy: 0 })).toEqual({
      inside: false,
      reason: 'outside',
      distanceM: 201,
      radiusM: DEFAULT_GEOFENCE_RADIUS_M,
    });
  });
  it('widens the radius by the reported accuracy, up to the cap', () => {
    expect(geofenceDecision(store, { ...north(249.99), accuracy: 50 })).toMatchObject({ inside: true });
    expect(geofenceDecision(store, { ...north(250.01), accuracy: 50 })).toMatchObject({ inside: false });
    expect(geofenceDecision(store, { ...north(299.99), accuracy: 5_000 })).toMatchObject({ inside: true });
    expect(geofenceDecision(store, { ...north(300.01), accuracy: 5_000 })).toMatchObject({ inside: false });
    expect(allowedDistance(null, 5_000)).toBe(DEFAULT_GEOFENCE_RADIUS_M + MAX_ACCURACY_ALLOWANCE_M);
    expect(allowedDistance(null, -10)).toBe(DEFAULT_GEOFENCE_RADIUS_M);
  });
  it("uses the store's own radius", () => {
    const wide = { ...store, radiusM: 500 };
    expect(geofenceDecision(wide, { ...north(499.99), accuracy: 0 })).toMatchObject({
      inside: true,
      radiusM: 500,
    });
    expect(geofenceDecision(wide, { ...north(500.01), accuracy: 0 })).toMatchObject({ inside: false });
  });
  it('cannot decide for a store without coordinates', () => {
    expect(
      geofenceDecision({ latitude: null, longitude: null, radiusM: null }, { ...north(0), accuracy: 1 }),
    ).toEqual({ inside: false, reason: 'no_store_location' });
  });
});

describe('presence code', () => {
  it('takes exactly 6 digits, spaces ignored', () => {
    expect(normalizePresenceCode('123 456')).toBe('123456');
    expect(normalizePresenceCode('12345')).toBeNull();
    expect(normalizePresenceCode('1234567')).toBeNull();
    expect(normalizePresenceCode('12a456')).toBeNull();
  });
  it('changes every 30 s and counts down to the change', () => {
    const start = new Date(Date.UTC(2026, 10, 26, 12, 0, 0));
    expect(presenceCodeStep(new Date(start.getTime() + 29_999))).toBe(presenceCodeStep(start));
    expect(presenceCodeStep(new Date(start.getTime() + 30_000))).toBe(presenceCodeStep(start) + 1);
    expect(presenceCodeSecondsLeft(start)).toBe(30);
    expect(presenceCodeSecondsLeft(new Date(start.getTime() + 29_001))).toBe(1);
  });
  it('accepts its step and the one before, never two before or a future one', () => {
    const now = new Date(Date.UTC(2026, 10, 26, 12, 0, 10));
    const step = presenceCodeStep(now);
    expect(presenceCodeStepAccepted(step, now)).toBe(true);
    expect(presenceCodeStepAccepted(step - 1, now)).toBe(true);
    expect(presenceCodeStepAccepted(step - 2, now)).toBe(false);
    expect(presenceCodeStepAccepted(step + 1, now)).toBe(false);
  });
});

describe('texts', () => {
  it('says how far and how wide', () => {
    expect(formatDistance(180.4)).toBe('180 m');
    expect(formatDistance(1_249)).toBe('1,2 km');
    expect(presence.outsideGeofence(1_249, 200)).toContain('a 1,2 km do estabelecimento');
    expect(presence.outsideGeofence(1_249, 200)).toContain('até 200 m');
  });
});
