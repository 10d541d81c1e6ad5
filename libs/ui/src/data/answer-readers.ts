import { type AnswerSchema } from './fetch-bff';

/*
 * Hand-written readers of BFF answers, for a first screen that cannot afford zod: its library (about
 * 26 KB gzip) and the building of its schemas are a long task of a phone's main thread before the
 * screen can show its data. A reader checks a value against the shape of a @turno/contracts schema
 * and returns it with only the contract's fields, as zod does, or INVALID. Whoever uses one keeps it
 * in agreement with its schema in a test (the same value or a refusal, on good and broken answers).
 */

/** What a reader answers for a value its contract refuses. */
export const INVALID: unique symbol = Symbol('invalid answer');
export type Invalid = typeof INVALID;
/** Reads one value: the contract's value, or INVALID. */
export type Reader<T> = (value: unknown) => T | Invalid;

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const checked =
  <T>(test: (value: unknown) => boolean): Reader<T> =>
  (value) =>
    test(value) ? (value as T) : INVALID;

/** `z.string()`. */
export const readString = checked<string>((value) => typeof value === 'string');
/** `z.number()` (finite). */
export const readNumber = checked<number>((value) => typeof value === 'number' && Number.isFinite(value));
/** `z.number().int()`. */
export const readInt = checked<number>((value) => Number.isSafeInteger(value));
/** `z.number().int().nonnegative()`. */
export const readCount = checked<number>((value) => Number.isSafeInteger(value) && (value as number) >= 0);
/** `z.boolean()`. */
export const readBoolean = checked<boolean>((value) => typeof value === 'boolean');
/** `z.literal(expected)`. */
export const readLiteral = <T extends string | number | boolean>(expected: T): Reader<T> =>
  checked<T>((value) => value === expected);
/** `z.enum(values)`. */
export const readOneOf = <T extends string>(values: readonly T[]): Reader<T> =>
  checked<T>((value) => values.includes(value as T));
/** A string that matches `pattern` (`z.string().regex(pattern)`). */
export const readMatching = (pattern: RegExp): Reader<string> =>
  checked<string>((value) => typeof value === 'string' && pattern.test(value));
/** `IsoDate` of @turno/contracts: AAAA-MM-DD. */
export const readIsoDate = readMatching(/^\d{4}-\d{2}-\d{2}$/);
/** `ClockTime` of @turno/contracts: HH:MM of a day. */
export const readClockTime = readMatching(/^([01]\d|2[0-3]):[0-5]\d$/);

/** `.nullable()`. */
export const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (value) =>
    value === null ? null : read(value);
/** `.nullish()`: null, absent or the value. */
export const nullish =
  <T>(read: Reader<T>): Reader<T | null | undefined> =>
  (value) =>
    value === null || value === undefined ? value : read(value);

/** `.optional()`: absent or the value. */
export const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value) =>
    value === undefined ? undefined : read(value);

/** `z.array(item)`. */
export function readArray<T>(item: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    const items: T[] = [];
    for (const raw of value) {
      const read = item(raw);
      if (read === INVALID) return INVALID;
      items.push(read);
    }
    return items;
  };
}

/** `z.object(shape)`: only the shape's fields are kept; an absent optional field stays absent. */
export function readObject<T extends object>(shape: { [K in keyof T]-?: Reader<T[K]> }): Reader<T> {
  const entries = Object.entries(shape) as [string, Reader<unknown>][];
  return (value) => {
    if (!isRecord(value)) return INVALID;
    const result: Fields = {};
    for (const [key, read] of entries) {
      const field = read(value[key]);
      if (field === INVALID) return INVALID;
      if (field !== undefined) result[key] = field;
    }
    return result as T;
  };
}

/** `pageSchema(item)` of @turno/contracts: `{ items, total, nextCursor }`. */
export function readPage<T>(item: Reader<T>) {
  return readObject<{ items: T[]; total: number; nextCursor: string | null }>({
    items: readArray(item),
    total: readCount,
    nextCursor: nullable(readString),
  });
}

/** A reader as `fetchBff`, `fetchBffConditional` and `usePagedList` take it (the `safeParse` of zod). */
export function answerSchema<T>(name: string, read: Reader<T>): AnswerSchema<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === INVALID
        ? { success: false, error: { issues: [`${name}: the answer does not match its contract`] } }
        : { success: true, data };
    },
  };
}
