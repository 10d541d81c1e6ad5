import { RestaurantCreateJobsRequestSchema } from '@turno/contracts';
import { MESSAGES, mealBreakOptions, shiftPrice } from '@turno/domain';
import {
  EMPTY_DRAFT,
  STORE_STORAGE_KEY,
  WORKLOAD_OPTIONS,
  asksForStore,
  dateChips,
  draftError,
  mealOptions,
  repeatedDraft,
  saveStoreId,
  savedStoreId,
  selectableStores,
  storeChoice,
  toggleDate,
  vacancyFigures,
  vacancyRequest,
  withShift,
  type VacancyDraft,
} from './vacancy-form';

// Sunday 22/11/2026, 23:30 in Sao Paulo (02:30 UTC on Monday): the chips follow Sao Paulo's day.
const now = new Date('2026-11-23T02:30:00Z');
const draft = (fields: Partial<VacancyDraft>): VacancyDraft => ({ ...EMPTY_DRAFT, ...fields });

describe('vacancy form model', () => {
  it('offers today and the next 6 days in Sao Paulo as "Hoje", "Amanhã", then weekday and dd/mm', () => {
    const chips = dateChips(now);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Hoje',
      'Amanhã',
      'Ter 24/11',
      'Qua 25/11',
      'Qui 26/11',
      'Sex 27/11',
      'Sáb 28/11',
    ]);
    expect(chips[0]).toEqual({ date: '2026-11-22', label: 'Hoje', fullLabel: 'Hoje, 22/11/2026' });
    expect(chips[2]!.fullLabel).toBe('Terça-feira, 24/11/2026');
  });

  it('toggles several dates, kept in the order of the chips', () => {
    const order = dateChips(now).map((chip) => chip.date);
    let current = toggleDate(EMPTY_DRAFT, '2026-11-25', order);
    current = toggleDate(current, '2026-11-22', order);
    expect(current.dates).toEqual(['2026-11-22', '2026-11-25']);
    expect(toggleDate(current, '2026-11-25', order).dates).toEqual(['2026-11-22']);
  });

  it('offers only the business workloads: 6h, 8h20 and 10h', () => {
    expect(WORKLOAD_OPTIONS).toEqual([
      { value: '6', label: '6h' },
      { value: '8.33', label: '8h20' },
      { value: '10', label: '10h' },
    ]);
  });

  it('computes the end (wrapping midnight), the price per freelancer and the total from libs/domain', () => {
    expect(vacancyFigures(EMPTY_DRAFT)).toEqual({
      endTime: '',
      endsNextDay: false,
      pricePerFreelancer: null,
      vacancies: 0,
      total: null,
    });
    const day = draft({
      workload: '6',
      startTime: '08:00',
      dates: ['2026-11-22', '2026-11-23'],
      quantity: 3,
    });
    expect(vacancyFigures(day)).toEqual({
      endTime: '14:00',
      endsNextDay: false,
      pricePerFreelancer: 149,
      vacancies: 6,
      total: 894,
    });
    // 16:00 + 8h20 = 00:20 the next day: the night price.
    const night = draft({ workload: '8.33', startTime: '16:00', dates: ['2026-11-22'], quantity: 1 });
    expect(vacancyFigures(night)).toMatchObject({
      endTime: '00:20',
      endsNextDay: true,
      pricePerFreelancer: 179,
    });
    expect(vacancyFigures(night).pricePerFreelancer).toBe(shiftPrice(8.33, '16:00'));
    // 10 h: R$ 189,00 at any time; totals exact to the centavo.
    expect(
      vacancyFigures(draft({ workload: '10', startTime: '22:00', dates: ['a', 'b'], quantity: 5 })),
    ).toMatchObject({
      endTime: '08:00',
      pricePerFreelancer: 189,
      total: 1890,
    });
  });

  it('offers the meal breaks of the rule once workload and start are chosen, and drops a stale one', () => {
    expect(mealOptions(draft({ workload: '6' }))).toEqual([]);
    expect(mealOptions(draft({ startTime: '08:00' }))).toEqual([]);
    const options = mealOptions(draft({ workload: '6', startTime: '08:00' }));
    expect(options).toEqual(mealBreakOptions('08:00', 6));
    expect(options).toHaveLength(8);
    expect(options[0]).toBe('09:00 às 09:30');

    const chosen = draft({ workload: '6', startTime: '08:00', mealTime: '12:30 às 13:00' });
    expect(withShift(chosen, { startTime: '08:00' }).mealTime).toBe('12:30 às 13:00');
    expect(withShift(chosen, { startTime: '13:00' }).mealTime).toBe('');
    expect(withShift(chosen, { workload: '10' }).mealTime).toBe('');
  });

  it('builds the request of the contract, optional texts as null', () => {
    const request = vacancyRequest(
      draft({
        positionType: 'Estoquista',
        dates: ['2026-11-23'],
        workload: '8.33',
        startTime: '07:00',
        mealTime: '09:00 às 10:00',
        recommendedAttire: '  ',
        description: ' Reposição ',
        quantity: 2,
      }),
    );
    expect(request).toEqual({
      positionType: 'Estoquista',
      dates: ['2026-11-23'],
      workload: 8.33,
      startTime: '07:00',
      endTime: '15:20',
      hourlyRate: 149,
      mealTime: '09:00 às 10:00',
      recommendedAttire: null,
      description: 'Reposição',
      quantity: 2,
    });
    expect(RestaurantCreateJobsRequestSchema.safeParse(request).success).toBe(true);
  });

  it("says what is missing with the server's own messages", () => {
    expect(draftError(EMPTY_DRAFT, now)).toBe(MESSAGES.jobs.selectDate);
    const dated = draft({ dates: ['2026-11-22'] });
    expect(draftError(dated, now)).toBe(MESSAGES.jobs.positionTypeRequired);
    expect(draftError({ ...dated, positionType: 'Estoquista' }, now)).toBe(MESSAGES.jobs.workloadRequired);
    expect(draftError({ ...dated, positionType: 'Estoquista', workload: '6' }, now)).toBe(
      MESSAGES.jobs.startTimeRequired,
    );
    expect(
      draftError({ ...dated, positionType: 'Estoquista', workload: '6', startTime: '23:45' }, now),
    ).toBeNull();
    // 08:00 of that day has passed at 23:30 (Sao Paulo): the server's own message.
    expect(draftError({ ...dated, positionType: 'Estoquista', workload: '6', startTime: '08:00' }, now)).toBe(
      MESSAGES.jobs.startInPast,
    );
  });
});

describe('repeatedDraft ("Repetir vaga", issue 26)', () => {
  const vacancy = {
    job_id: 7,
    position_type: 'Estoquista',
    workload: 8.33,
    start_time: '16:00',
    quantity: 3,
    meal_time: '18:00 às 19:00',
    recommended_attire: 'Calça preta',
    description: 'Reposição',
    date: '2026-11-23',
    original_date: '2026-11-18',
    past_worker: null,
  };

  it('fills position, workload, start, quantity, meal break and texts, and leaves the day to choose', () => {
    expect(repeatedDraft(vacancy)).toEqual({
      positionType: 'Estoquista',
      dates: [],
      workload: '8.33',
      startTime: '16:00',
      mealTime: '18:00 às 19:00',
      recommendedAttire: 'Calça preta',
      description: 'Reposição',
      quantity: 3,
    });
  });

  it("drops what a business's form cannot offer: an admin's workload, a legacy position, a meal break not of the shift", () => {
    const draft = repeatedDraft({
      ...vacancy,
      workload: 9,
      position_type: 'Cumim / Garçom',
      meal_time: '03:00 às 04:00',
    });
    expect(draft).toMatchObject({ workload: '', positionType: '', mealTime: '', startTime: '16:00' });
  });
});

describe("the vacancy's store (issue 28)", () => {
  const store = (id: number, isActive = true) => ({
    id,
    name: `Loja ${id}`,
    is_active: isActive,
    open_vacancies: 0,
  });

  it('offers the active stores, and asks only among two or more', () => {
    const selectable = selectableStores({
      member_role: 'owner',
      billing_mode: 'centralized',
      items: [store(1), store(2, false), store(3)],
    });
    expect(selectable.map((s) => s.id)).toEqual([1, 3]);
    expect(asksForStore(selectable)).toBe(true);
    expect(
      asksForStore(
        selectableStores({
          member_role: 'owner',
          billing_mode: 'centralized',
          items: [store(1), store(2, false)],
        }),
      ),
    ).toBe(false);
    expect(selectableStores(undefined)).toEqual([]);
    expect(storeChoice('3', selectable)).toBe('3');
    expect(storeChoice('2', selectable)).toBe('');
    expect(storeChoice('', selectable)).toBe('');
  });

  it('remembers the last store chosen, and survives a storage that refuses', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    } as Storage;
    expect(savedStoreId(storage)).toBe('');
    saveStoreId('7', storage);
    expect(kept.get(STORE_STORAGE_KEY)).toBe('7');
    expect(savedStoreId(storage)).toBe('7');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(savedStoreId(refusing)).toBe('');
    expect(() => saveStoreId('7', refusing)).not.toThrow();
  });
});
