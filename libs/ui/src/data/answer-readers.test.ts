import {
  INVALID,
  answerSchema,
  nullable,
  nullish,
  readArray,
  readClockTime,
  readCount,
  readInt,
  readIsoDate,
  readLiteral,
  readNumber,
  readObject,
  readOneOf,
  readPage,
  readString,
} from './answer-readers';

describe('answer readers', () => {
  const readShift = readObject<{ id: number; start: string; note?: string | null; status: 'a' | 'b' }>({
    id: readInt,
    start: readClockTime,
    note: nullish(readString),
    status: readOneOf(['a', 'b'] as const),
  });

  it('keep only the shape’s fields, an absent optional one staying absent', () => {
    expect(readShift({ id: 1, start: '08:00', status: 'a', extra: true })).toEqual({
      id: 1,
      start: '08:00',
      status: 'a',
    });
    expect(Object.keys(readShift({ id: 1, start: '08:00', status: 'a' }) as object)).toEqual([
      'id',
      'start',
      'status',
    ]);
    expect(readShift({ id: 1, start: '08:00', status: 'b', note: null })).toEqual({
      id: 1,
      start: '08:00',
      status: 'b',
      note: null,
    });
  });

  it('refuse a value outside the contract, anywhere in it', () => {
    expect(readShift({ id: 1.5, start: '08:00', status: 'a' })).toBe(INVALID);
    expect(readShift({ id: 1, start: '24:00', status: 'a' })).toBe(INVALID);
    expect(readShift({ id: 1, start: '08:00', status: 'c' })).toBe(INVALID);
    expect(readShift({ id: 1, start: '08:00', status: 'a', note: 3 })).toBe(INVALID);
    expect(readShift([])).toBe(INVALID);
    expect(readArray(readInt)([1, '2'])).toBe(INVALID);
    expect(readNumber(Infinity)).toBe(INVALID);
    expect(readCount(-1)).toBe(INVALID);
    expect(readIsoDate('2026-1-01')).toBe(INVALID);
    expect(readLiteral(true)(false)).toBe(INVALID);
    expect(nullable(readString)(undefined)).toBe(INVALID);
  });

  it('read a page and answer as a zod schema’s safeParse', () => {
    const page = readPage(readShift);
    const good = { items: [{ id: 1, start: '08:00', status: 'a' }], total: 1, nextCursor: null };
    expect(page(good)).toEqual(good);
    expect(page({ ...good, total: -1 })).toBe(INVALID);
    const schema = answerSchema('Shifts', page);
    expect(schema.safeParse(good)).toEqual({ success: true, data: good });
    expect(schema.safeParse({ ...good, nextCursor: 2 })).toEqual({
      success: false,
      error: { issues: ['Shifts: the answer does not match its contract'] },
    });
  });
});
