import {
  applicationExpiresAt,
  effectiveApplicationStatus,
  isApplicationExpired,
  ratingAllowed,
  ratingDeadline,
} from './deadlines';

describe('application expiry', () => {
  const appliedAt = new Date('2026-11-22T13:00:00Z');

  it('expires 2 h after it is made', () => {
    expect(applicationExpiresAt(appliedAt).toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });

  it('is expired from the expiry instant on', () => {
    const expiresAt = applicationExpiresAt(appliedAt);
    expect(isApplicationExpired(expiresAt, new Date('2026-11-22T14:59:59.999Z'))).toBe(false);
    expect(isApplicationExpired(expiresAt, new Date('2026-11-22T15:00:00.000Z'))).toBe(true);
  });

  it('turns only pending applications into expired', () => {
    const expiresAt = new Date('2026-11-22T15:00:00Z');
    const later = new Date('2026-11-22T16:00:00Z');
    const earlier = new Date('2026-11-22T14:00:00Z');
    expect(effectiveApplicationStatus({ status: 'pending', expiresAt }, later)).toBe('expired');
    expect(effectiveApplicationStatus({ status: 'pending', expiresAt }, earlier)).toBe('pending');
    expect(effectiveApplicationStatus({ status: 'accepted', expiresAt }, later)).toBe('accepted');
    expect(effectiveApplicationStatus({ status: 'rejected', expiresAt }, later)).toBe('rejected');
  });
});

describe('rating window', () => {
  const completedAt = new Date('2026-11-01T20:00:00Z');

  it('closes 30 days (30 × 24 h) after completion, the deadline included', () => {
    expect(ratingDeadline(completedAt).toISOString()).toBe('2026-12-01T20:00:00.000Z');
    expect(ratingAllowed(completedAt, new Date('2026-11-01T20:00:00Z'))).toBe(true);
    expect(ratingAllowed(completedAt, new Date('2026-12-01T20:00:00.000Z'))).toBe(true);
    expect(ratingAllowed(completedAt, new Date('2026-12-01T20:00:00.001Z'))).toBe(false);
  });

  it('needs a completion time', () => {
    expect(ratingAllowed(null, new Date())).toBe(false);
    expect(ratingAllowed(undefined, new Date())).toBe(false);
    expect(ratingAllowed(new Date(NaN), new Date())).toBe(false);
  });
});
