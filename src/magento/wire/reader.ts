/**
 * What an answer is read with: a zod schema (anything with `safeParse`), or, in browser code that must
 * stay small (the shell of every catalogue page: DESIGN.md §4), a hand-written check of the few fields it
 * reads. Either way the answer is checked before it is used, never cast.
 */
export type ReadResult<T> = { success: true; data: T } | { success: false };

export interface Reader<T> {
  safeParse(value: unknown): ReadResult<T>;
}

/** A reader from a check that answers the value read, or undefined when the value is not of the shape. */
export function handReader<T>(read: (value: unknown) => T | undefined): Reader<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` when it is a string, a number or a boolean as asked; else undefined. */
export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
export const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * An optional, nullable field: undefined or null as they came, the value when `as` reads it, else `BAD`
 * (present, but not of the type: the whole answer is refused).
 */
export const BAD = Symbol('bad');
export function optional<T>(
  value: unknown,
  as: (value: unknown) => T | undefined,
): T | null | undefined | typeof BAD {
  if (value === undefined || value === null) return value;
  return as(value) ?? BAD;
}

export const aString: Reader<string> = handReader(asString);
export const aNumber: Reader<number> = handReader(asNumber);
export const aBoolean: Reader<boolean> = handReader((value) =>
  typeof value === 'boolean' ? value : undefined,
);
/** Any answer at all, read for its status only. */
export const anything: Reader<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

/** `value` when it is a list whose every entry `read` reads, as read; else undefined. */
export function asListOf<T>(value: unknown, read: (entry: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries: T[] = [];
  for (const entry of value) {
    const found = read(entry);
    if (found === undefined) return undefined;
    entries.push(found);
  }
  return entries;
}

/** A list whose every entry `entry` reads. */
export const listOf = <T>(entry: Reader<T>): Reader<T[]> =>
  handReader((value) =>
    asListOf(value, (item) => {
      const result = entry.safeParse(item);
      return result.success ? result.data : undefined;
    }),
  );
