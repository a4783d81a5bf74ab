/**
 * Readers for JSON held in database columns and for loosely typed bound input: they check the shape
 * instead of asserting it, so a row or a body is typed once, where it is read.
 */
export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parse = (text: string): unknown => {
  const value: unknown = JSON.parse(text);
  return value;
};

/** A JSON object column (`{}` when the column holds anything else). */
export const jsonRecord = (text: string): JsonRecord => {
  const value = parse(text);
  return isRecord(value) ? value : {};
};

/** A JSON array column, its items left as stored (they are sent on as they were saved). */
export const jsonArray = (text: string): unknown[] => {
  const value = parse(text);
  return Array.isArray(value) ? value : [];
};

/** The objects of a bound array field (other items and a missing field give none). */
export const records = (value: unknown): JsonRecord[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A bound object field, or an empty one. */
export const record = (value: unknown): JsonRecord => (isRecord(value) ? value : {});

export const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
