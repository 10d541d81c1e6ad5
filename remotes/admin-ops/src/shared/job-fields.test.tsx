/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { mealBreakOptions } from '@turno/domain';
import { useState } from 'react';
import { JobFields } from './JobFields';
import {
  EMPTY_JOB_FIELDS,
  jobFieldValuesOf,
  jobFieldsBody,
  jobFieldsMissing,
  jobShiftOf,
  positionChoicesFor,
  type JobFieldValues,
} from './job-fields';

afterEach(cleanup);

const job = {
  position_type: 'Conferente de Doca',
  start_time: '08:00',
  end_time: '18:00',
  meal_time: '11:11',
  recommended_attire: null,
  description: '  Trazer crachá  ',
};

describe('the job fields every admin job form shares', () => {
  it('reads a job (workload inferred from start and end) and offers its own position and meal time too', () => {
    const values = jobFieldValuesOf(job);
    expect(values).toEqual({
      positionType: 'Conferente de Doca',
      workload: '10',
      startTime: '08:00',
      mealTime: '11:11',
      recommendedAttire: '',
      description: '  Trazer crachá  ',
    });
    expect(positionChoicesFor(job)).toContain('Conferente de Doca');
    const shift = jobShiftOf(values);
    expect(shift).toMatchObject({ timed: true, workload: 10, endTime: '18:00', charge: 189 });
    expect(shift.mealChoices).toEqual(['11:11', ...mealBreakOptions('08:00', 10)]);
  });

  it('computes nothing until workload and start are chosen, and says what is missing', () => {
    expect(jobShiftOf(EMPTY_JOB_FIELDS)).toEqual({
      timed: false,
      workload: 0,
      endTime: null,
      charge: null,
      mealChoices: [],
    });
    expect(jobFieldsMissing(EMPTY_JOB_FIELDS)).toBe(true);
    expect(jobFieldsMissing({ ...EMPTY_JOB_FIELDS, positionType: 'Estoquista', workload: '8' })).toBe(true);
    expect(
      jobFieldsMissing({
        ...EMPTY_JOB_FIELDS,
        positionType: 'Estoquista',
        workload: '8',
        startTime: '09:00',
      }),
    ).toBe(false);
  });

  it('sends end and price as computed, and empty optional texts as null (trimmed)', () => {
    const values: JobFieldValues = { ...jobFieldValuesOf(job), mealTime: '' };
    expect(jobFieldsBody(values, jobShiftOf(values))).toEqual({
      positionType: 'Conferente de Doca',
      workload: 10,
      startTime: '08:00',
      endTime: '18:00',
      hourlyRate: 189,
      mealTime: null,
      recommendedAttire: null,
      description: 'Trazer crachá',
    });
  });

  it('clears the meal time when the workload or the start changes, and shows the new end', () => {
    const seen: JobFieldValues[] = [];
    function Form() {
      const [values, setValues] = useState({ ...jobFieldValuesOf(job), dateNeeded: '2026-11-24' });
      seen.push(values);
      return (
        <JobFields
          values={values}
          shift={jobShiftOf(values)}
          onChange={(patch) => setValues({ ...values, ...patch })}
          positions={positionChoicesFor(job)}
        />
      );
    }
    render(<Form />);
    const meal = screen.getByLabelText(/^Refeição/) as HTMLSelectElement;
    expect(meal.value).toBe('11:11');
    expect(screen.getByText('Término: 18:00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '6' } });
    expect(meal.value).toBe('');
    expect(screen.getByText('Término: 14:00')).toBeTruthy();
    fireEvent.change(meal, { target: { value: mealBreakOptions('08:00', 6)[0] } });
    expect(meal.value).toBe(mealBreakOptions('08:00', 6)[0]);
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '09:00' } });
    expect(meal.value).toBe('');
    expect(seen.at(-1)).toMatchObject({ workload: '6', startTime: '09:00', mealTime: '' });
    expect(
      within(screen.getByLabelText('Função')).getByRole('option', { name: 'Conferente de Doca' }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('2026-11-24');
  });
});
