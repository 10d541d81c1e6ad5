import fc from 'fast-check';
import * as MESSAGES from './messages';
import { addDays, saoPauloDate } from './time';
import {
  isSelectableDate,
  jobsToCreate,
  selectableDates,
  vacancyCreationError,
  type VacancyCreationInput,
} from './vacancies';

describe('selectableDates', () => {
  it('is today and the next 6 days in Sao Paulo', () => {
    expect(selectableDates(new Date('2026-11-22T15:00:00Z'))).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('uses the Sao Paulo date, not the UTC date', () => {
    const lateEvening = new Date('2026-11-23T02:30:00Z'); // 22/11 23:30 in Sao Paulo
    expect(selectableDates(lateEvening)[0]).toBe('2026-11-22');
    expect(selectableDates(lateEvening)[6]).toBe('2026-11-28');
    expect(selectableDates(new Date('2026-12-28T12:00:00Z')).at(-1)).toBe('2027-01-03');
  });

  it('checks one date', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    expect(isSelectableDate('2026-11-22', now)).toBe(true);
    expect(isSelectableDate('2026-11-28', now)).toBe(true);
    expect(isSelectableDate('2026-11-29', now)).toBe(false);
    expect(isSelectableDate('2026-11-21', now)).toBe(false);
  });

  it('property: 7 consecutive dates starting at the Sao Paulo date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (now) => {
          const dates = selectableDates(now);
          return (
            dates.length === 7 &&
            dates[0] === saoPauloDate(now) &&
            dates.every((date, index) => date === addDays(saoPauloDate(now), index))
          );
        },
      ),
    );
  });
});

describe('jobsToCreate', () => {
  it('is quantity × distinct dates', () => {
    expect(jobsToCreate(['2026-11-22', '2026-11-23', '2026-11-24'], 4)).toBe(12);
    expect(jobsToCreate(['2026-11-22', '2026-11-22'], 2)).toBe(2);
  });
});

describe('vacancyCreationError', () => {
  const now = new Date('2026-11-22T10:00:00Z'); // 07:00 in Sao Paulo: an 08:00 start today is ahead
  const valid: VacancyCreationInput = {
    positionType: 'Estoquista',
    dates: ['2026-11-22', '2026-11-28'],
    workload: 8.33,
    startTime: '08:00',
    quantity: 5,
    mealTime: '12:00 às 13:00',
  };

  it('accepts a complete business creation', () => {
    expect(vacancyCreationError(valid, 'restaurant', now)).toBeNull();
    expect(
      vacancyCreationError({ ...valid, mealTime: null, quantity: undefined }, 'restaurant', now),
    ).toBeNull();
  });

  it('refuses each missing or wrong field with its message', () => {
    expect(vacancyCreationError({ ...valid, dates: [] }, 'restaurant', now)).toBe(
      'Selecione pelo menos uma data para a vaga.',
    );
    expect(vacancyCreationError({ ...valid, positionType: '' }, 'restaurant', now)).toBe(
      MESSAGES.jobs.positionTypeRequired,
    );
    expect(vacancyCreationError({ ...valid, positionType: 'Garçom' }, 'restaurant', now)).toBe(
      MESSAGES.jobs.invalidPositionType,
    );
    expect(vacancyCreationError({ ...valid, workload: null }, 'restaurant', now)).toBe(
      MESSAGES.jobs.workloadRequired,
    );
    expect(vacancyCreationError({ ...valid, workload: 7 }, 'restaurant', now)).toBe(
      MESSAGES.jobs.invalidWorkload,
    );
    expect(vacancyCreationError({ ...valid, startTime: '' }, 'restaurant', now)).toBe(
      MESSAGES.jobs.startTimeRequired,
    );
    expect(vacancyCreationError({ ...valid, startTime: '8:00' }, 'restaurant', now)).toBe(
      MESSAGES.jobs.invalidStartTime,
    );
    expect(vacancyCreationError({ ...valid, dates: ['2026-11-29'] }, 'restaurant', now)).toBe(
      MESSAGES.jobs.dateOutOfRange,
    );
    expect(vacancyCreationError({ ...valid, mealTime: '09:00 às 09:30' }, 'restaurant', now)).toBe(
      MESSAGES.jobs.invalidMealTime,
    );
  });

  it('limits a business to 6 h, 8h20 and 10 h and to 5 per date; an admin to the eight and 10 per date', () => {
    expect(vacancyCreationError({ ...valid, workload: 9, mealTime: null }, 'restaurant', now)).toBe(
      'Mercados podem criar apenas turnos de 6h, 8h20 ou 10h.',
    );
    expect(vacancyCreationError({ ...valid, workload: 9, mealTime: null }, 'admin', now)).toBeNull();
    expect(vacancyCreationError({ ...valid, quantity: 6 }, 'restaurant', now)).toBe(
      'A quantidade por data deve ser de 1 a 5.',
    );
    expect(vacancyCreationError({ ...valid, quantity: 10 }, 'admin', now)).toBeNull();
    expect(vacancyCreationError({ ...valid, quantity: 11 }, 'admin', now)).toBe(
      'A quantidade por data deve ser de 1 a 10.',
    );
    expect(vacancyCreationError({ ...valid, quantity: 0 }, 'admin', now)).toBe(
      'A quantidade por data deve ser de 1 a 10.',
    );
  });
});
