import * as domain from './index';

describe('public surface of @turno/domain', () => {
  it.each([
    'WORKLOADS',
    'BUSINESS_WORKLOADS',
    'workloadLabel',
    'workloadMinutes',
    'shiftEndTime',
    'shiftPrice',
    'shiftPriceCents',
    'freelancerPayout',
    'freelancerPayoutCents',
    'platformCommission',
    'platformCommissionCents',
    'mealBreakOptions',
    'inferWorkload',
    'billingWeek',
    'billingWeekJustEnded',
    'invoiceNumber',
    'selectableDates',
    'shiftsOverlap',
    'onTheWayAllowed',
    'saoPauloDateTimeToInstant',
    'saoPauloDate',
    'saoPauloTime',
    'applicationExpiresAt',
    'ratingAllowed',
    'isValidCpf',
    'isValidCnpj',
    'isValidPixKey',
    'isValidPhone',
    'formatPhone',
    'formatCep',
    'isValidCep',
    'jobDisplayState',
    'hasPendingAction',
    'ESTABLISHMENT_TYPES',
    'POSITION_TYPES',
    'SPECIALTIES',
    'LEGACY_POSITION_TYPES',
    'MESSAGES',
    'formatMoney',
    'formatDateBR',
    'relativeDayLabel',
    'toCentavos',
    'toReais',
    'JOB_STATUSES',
    'restaurantAccountState',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });

  it('answers the examples of the brief', () => {
    expect(domain.shiftPrice(10.5, '08:00')).toBe(189.9);
    expect(domain.platformCommission(189.9)).toBe(19.9);
    expect(domain.workloadLabel(10.25)).toBe('10h15');
    expect(domain.invoiceNumber('2026-11-09', 7)).toBe('TUR-2026-W46-0007');
    expect(domain.MESSAGES.applications.scheduleConflict).toContain('CONFLITO DE HORÁRIO');
  });
});
