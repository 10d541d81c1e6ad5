import { isCpfLockedForFreelancer, missingVettingItems } from './vetting';

describe('vetting', () => {
  it('lists what is missing of the checklist, in the order the freelancer sees it', () => {
    expect(
      missingVettingItems({
        cpf: '52998224725',
        pixKey: null,
        hasProfilePhoto: true,
        documentType: 'rg',
        documents: ['identity_front', 'selfie'],
      }),
    ).toEqual(['pix_key', 'identity_back']);
  });

  it('locks a stored CPF once the profile is in review or approved, not before, nor its first setting', () => {
    const cpf = '52998224725';
    expect(isCpfLockedForFreelancer({ cpf, vettingStatus: 'approved', isApproved: true })).toBe(true);
    expect(isCpfLockedForFreelancer({ cpf, vettingStatus: 'submitted', isApproved: false })).toBe(true);
    // Approved before vetting existed (the flag without the state).
    expect(isCpfLockedForFreelancer({ cpf, vettingStatus: 'incomplete', isApproved: true })).toBe(true);
    expect(isCpfLockedForFreelancer({ cpf, vettingStatus: 'incomplete', isApproved: false })).toBe(false);
    expect(isCpfLockedForFreelancer({ cpf, vettingStatus: 'rejected', isApproved: false })).toBe(false);
    expect(isCpfLockedForFreelancer({ cpf: null, vettingStatus: 'approved', isApproved: true })).toBe(false);
  });
});
