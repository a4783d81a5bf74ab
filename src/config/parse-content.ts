/** Parsing of editable content files: a mistake stops the build with the file, the field and the fix. */
import { z } from 'zod';

/**
 * A content file read on first use and kept: its data parsed once per process, a mistake failing whoever
 * reads it first (parseContent's message).
 */
export function parsedOnce<T>(schema: z.ZodType<T>, data: unknown, file: string): () => T {
  let checked: T | undefined;
  return () => (checked ??= parseContent(schema, data, file));
}

/** Parses a content file's data, or fails with every problem listed against the file's name. */
export function parseContent<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new Error(`${file} is not valid content; correct these fields:\n${z.prettifyError(result.error)}`);
}
