/**
 * The one reader for what crosses a boundary into the shop's code: an answer to a fetch, a JSON file, a
 * value kept in localStorage or sessionStorage, a message from another tab, JSON a page embeds. It is read
 * with a zod schema (anything with `safeParse`) or, in browser code that must stay small (the shell of every
 * catalogue page: DESIGN.md §4), with a hand-written check of the few fields it reads, built from the
 * helpers here. Either way the value is checked before it is used, never cast. No DOM and no Node imports:
 * the browser, the server and the embedded back end all read with it.
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
export const asBoolean = (value: unknown): boolean | undefined =>
  typeof value === 'boolean' ? value : undefined;

/** Whether `value` is one of `list`'s entries (a union's literals, kept `as const`). */
export const isOneOf = <T>(list: readonly T[], value: unknown): value is T =>
  list.some((entry) => entry === value);

/**
 * The value JSON `text` holds, to be read with the helpers here; undefined when there is no text or it is
 * not JSON (a corrupt stored value reads as absent, never as an error).
 */
export function readJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

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
export const aBoolean: Reader<boolean> = handReader(asBoolean);
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

/** `value` when it is an object whose every value `read` reads, as read; else undefined. */
export function asRecordOf<T>(
  value: unknown,
  read: (entry: unknown) => T | undefined,
): Record<string, T> | undefined {
  if (!isRecord(value)) return undefined;
  const entries: Record<string, T> = {};
  for (const [key, entry] of Object.entries(value)) {
    const found = read(entry);
    if (found === undefined) return undefined;
    entries[key] = found;
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
