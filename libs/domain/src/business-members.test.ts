import {
  BUSINESS_ACTIONS,
  BUSINESS_MEMBER_MESSAGES,
  BUSINESS_MEMBER_ROLES,
  isBusinessMemberRole,
  memberInvitationExpiresAt,
  memberMay,
  seesEveryStore,
} from './business-members';

describe('the roles of a business’s members (issue 28)', () => {
  it('gives the owner every action and every store', () => {
    for (const action of BUSINESS_ACTIONS) expect(memberMay('owner', action)).toBe(true);
    expect(seesEveryStore('owner')).toBe(true);
  });

  it('lets a store manager run vacancies, applications and attendance, but not billing, stores or the team', () => {
    expect(memberMay('manager', 'manageVacancies')).toBe(true);
    expect(memberMay('manager', 'handleApplications')).toBe(true);
    expect(memberMay('manager', 'approveAttendance')).toBe(true);
    expect(memberMay('manager', 'rateFreelancers')).toBe(true);
    expect(memberMay('manager', 'manageBilling')).toBe(false);
    expect(memberMay('manager', 'manageStores')).toBe(false);
    expect(memberMay('manager', 'manageTeam')).toBe(false);
    expect(memberMay('manager', 'editBusinessProfile')).toBe(false);
    expect(seesEveryStore('manager')).toBe(false);
  });

  it('lets a supervisor only see shifts, approve attendance and rate', () => {
    const allowed = BUSINESS_ACTIONS.filter((action) => memberMay('supervisor', action));
    expect(allowed).toEqual(['viewShifts', 'approveAttendance', 'rateFreelancers']);
    expect(seesEveryStore('supervisor')).toBe(false);
  });

  it('knows its roles and nothing else', () => {
    for (const role of BUSINESS_MEMBER_ROLES) expect(isBusinessMemberRole(role)).toBe(true);
    for (const other of ['admin', 'Owner', '', null, 1]) expect(isBusinessMemberRole(other)).toBe(false);
  });

  it('keeps an invitation valid for seven days', () => {
    const sent = new Date('2026-11-28T12:00:00Z');
    expect(memberInvitationExpiresAt(sent).toISOString()).toBe('2026-12-05T12:00:00.000Z');
  });

  it('names the refused role in pt-BR', () => {
    expect(BUSINESS_MEMBER_MESSAGES.forbiddenForRole('supervisor')).toBe(
      'Seu papel (Supervisor) não permite esta ação. Peça ao proprietário.',
    );
  });
});
