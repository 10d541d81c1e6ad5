import { isDeactivatedAccount } from './account-access';

describe('deactivated accounts', () => {
  it('are businesses no longer active and freelancers rejected (neither approved nor available)', () => {
    expect(isDeactivatedAccount({ kind: 'restaurant', isActive: false })).toBe(true);
    expect(isDeactivatedAccount({ kind: 'restaurant', isActive: true })).toBe(false);
    expect(isDeactivatedAccount({ kind: 'freelancer', isApproved: false, isAvailable: false })).toBe(true);
    // Pending: may still complete the profile.
    expect(isDeactivatedAccount({ kind: 'freelancer', isApproved: false, isAvailable: true })).toBe(false);
    // Approved and taking a break: still their account.
    expect(isDeactivatedAccount({ kind: 'freelancer', isApproved: true, isAvailable: false })).toBe(false);
  });
});
