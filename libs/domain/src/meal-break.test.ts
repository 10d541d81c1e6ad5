import fc from 'fast-check';
import {
  isMealBreakOption,
  mealBreakLabel,
  mealBreakLengthMinutes,
  mealBreakOptions,
  mealBreakSlots,
  mealBreakStepMinutes,
} from './meal-break';
import { formatClockTime } from './time';
import { WORKLOADS, workloadMinutes } from './workloads';

describe('mealBreakOptions', () => {
  it('6 h from 08:00: 30-minute breaks every 30 minutes, 8 options', () => {
    expect(mealBreakOptions('08:00', 6)).toEqual([
      '09:00 às 09:30',
      '09:30 às 10:00',
      '10:00 às 10:30',
      '10:30 às 11:00',
      '11:00 às 11:30',
      '11:30 às 12:00',
      '12:00 às 12:30',
      '12:30 às 13:00',
    ]);
  });

  it('8 h from 08:00: 1-hour breaks every hour, last one ending 15:00', () => {
    expect(mealBreakOptions('08:00', 8)).toEqual([
      '09:00 às 10:00',
      '10:00 às 11:00',
      '11:00 às 12:00',
      '12:00 às 13:00',
      '13:00 às 14:00',
      '14:00 às 15:00',
    ]);
  });

  it('8h20 from 08:00: the last break ends 60 min or more before 16:20', () => {
    expect(mealBreakOptions('08:00', 8.33)).toEqual([
      '09:00 às 10:00',
      '10:00 às 11:00',
      '11:00 às 12:00',
      '12:00 às 13:00',
      '13:00 às 14:00',
      '14:00 às 15:00',
    ]);
  });

  it('10h15 from 07:00: last break 15:00 às 16:00 (shift ends 17:15)', () => {
    const options = mealBreakOptions('07:00', 10.25);
    expect(options).toHaveLength(8);
    expect(options[0]).toBe('08:00 às 09:00');
    expect(options.at(-1)).toBe('15:00 às 16:00');
  });

  it('counts the options of every workload', () => {
    expect(WORKLOADS.map((hours) => mealBreakOptions('08:00', hours).length)).toEqual([
      8, 6, 6, 7, 8, 8, 8, 9,
    ]);
  });

  it('wraps midnight', () => {
    expect(mealBreakOptions('22:00', 6)).toEqual([
      '23:00 às 23:30',
      '23:30 às 00:00',
      '00:00 às 00:30',
      '00:30 às 01:00',
      '01:00 às 01:30',
      '01:30 às 02:00',
      '02:00 às 02:30',
      '02:30 às 03:00',
    ]);
    expect(mealBreakOptions('23:30', 8)[0]).toBe('00:30 às 01:30');
  });

  it('is empty without a valid start', () => {
    expect(mealBreakOptions('', 6)).toEqual([]);
    expect(mealBreakOptions('25:00', 6)).toEqual([]);
  });

  it('has the 6-hour special case for length and step only', () => {
    expect(mealBreakLengthMinutes(6)).toBe(30);
    expect(mealBreakStepMinutes(6)).toBe(30);
    expect(mealBreakLengthMinutes(8)).toBe(60);
    expect(mealBreakStepMinutes(11.5)).toBe(60);
    expect(mealBreakLabel(1410, 1470)).toBe('23:30 às 00:30');
  });

  it('recognises an option of the shift', () => {
    expect(isMealBreakOption('12:30 às 13:00', '08:00', 6)).toBe(true);
    expect(isMealBreakOption('13:00 às 13:30', '08:00', 6)).toBe(false);
    expect(isMealBreakOption('12:30 às 13:00', '08:00', 8)).toBe(false);
  });

  it('property: every option lies inside the shift, has the right length and ends ≥ 60 min before the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(...WORKLOADS), (startMinutes, hours) => {
        const start = formatClockTime(startMinutes);
        const slots = mealBreakSlots(start, hours);
        const length = hours === 6 ? 30 : 60;
        return (
          slots.length > 0 &&
          slots[0]?.startOffset === 60 &&
          slots.every(
            (slot) =>
              slot.startOffset >= 60 &&
              slot.endOffset - slot.startOffset === length &&
              slot.endOffset <= workloadMinutes(hours) - 60 &&
              slot.label ===
                `${formatClockTime(startMinutes + slot.startOffset)} às ${formatClockTime(startMinutes + slot.endOffset)}`,
          )
        );
      }),
    );
  });

  it('property: no further option would fit (the list is complete)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(...WORKLOADS), (startMinutes, hours) => {
        const slots = mealBreakSlots(formatClockTime(startMinutes), hours);
        const last = slots.at(-1);
        const step = hours === 6 ? 30 : 60;
        return last !== undefined && last.endOffset + step > workloadMinutes(hours) - 60;
      }),
    );
  });
});
