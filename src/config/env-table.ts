/**
 * The table of environment variables in docs/configuration.md, generated from src/config/env.ts: one row per
 * variable, in the order env.ts merges them (section by section), with the description each field carries as
 * zod metadata (`described(…)` in its section's file, src/config/env/). `npm run docs:env` writes it into
 * that file between the two markers below, and tests/unit/env-table.test.ts fails when the file's table
 * differs. Pure: strings in, strings out.
 */
import type { z } from 'zod';
import { envSchema } from './env.ts';

export const ENV_TABLE_START = '<!-- env-table:start -->';
export const ENV_TABLE_END = '<!-- env-table:end -->';

/** One row of the table. */
export interface EnvVariableDoc {
  name: string;
  /** In words: `` `value` ``, "unset", or the field's `documentedDefault`. */
  default: string;
  /** The field's description; empty when it has none (the test refuses that). */
  description: string;
}

/**
 * The default as the docs show it: the field's `documentedDefault` where its section words one (a default
 * worked out at start-up), else what the schema gives for an unset variable: nothing or an empty list is
 * "unset".
 */
function defaultInWords(field: z.ZodType, documented: unknown): string {
  if (typeof documented === 'string') return documented;
  const unset = field.safeParse(undefined);
  if (!unset.success) return 'required';
  const value: unknown = unset.data;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return 'unset';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}

/** Every variable `shape` declares, in its order, with its default and description. */
export function envVariableDocs(
  shape: Readonly<Record<string, z.ZodType>> = envSchema.shape,
): EnvVariableDoc[] {
  return Object.entries(shape).map(([name, field]) => {
    const meta = field.meta();
    return {
      name,
      default: defaultInWords(field, meta?.['documentedDefault']),
      description: meta?.description ?? '',
    };
  });
}

/** A table cell's text: on one line, with `|` escaped so it stays in its column. */
const cell = (text: string): string => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

/** The Markdown table (unaligned: Prettier aligns the file's columns). */
export function renderEnvTable(docs: readonly EnvVariableDoc[] = envVariableDocs()): string {
  const rows = docs.map((doc) => `| \`${doc.name}\` | ${cell(doc.default)} | ${cell(doc.description)} |`);
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** What goes between the markers: a note for editors, then the table. */
export function envTableBlock(table: string = renderEnvTable()): string {
  return [
    '<!-- Generated from the descriptions in src/config/env.ts by `npm run docs:env`: edit them there, not here. -->',
    '',
    table,
  ].join('\n');
}

/** Where the document's generated block is: the text strictly between the markers. */
function markedRange(doc: string): { from: number; to: number } {
  const start = doc.indexOf(ENV_TABLE_START);
  const end = doc.indexOf(ENV_TABLE_END);
  if (start === -1 || end === -1 || end < start)
    throw new Error(
      `docs/configuration.md needs ${ENV_TABLE_START} and, after it, ${ENV_TABLE_END} around the table.`,
    );
  if (doc.indexOf(ENV_TABLE_START, start + 1) !== -1 || doc.indexOf(ENV_TABLE_END, end + 1) !== -1)
    throw new Error(`docs/configuration.md must hold ${ENV_TABLE_START} and ${ENV_TABLE_END} once each.`);
  return { from: start + ENV_TABLE_START.length, to: end };
}

/** The document's text between the markers. */
export function markedBlock(doc: string): string {
  const { from, to } = markedRange(doc);
  return doc.slice(from, to);
}

/** The document with `block` between the markers, set off by blank lines. */
export function replaceEnvTable(doc: string, block: string = envTableBlock()): string {
  const { from, to } = markedRange(doc);
  return `${doc.slice(0, from)}\n\n${block}\n\n${doc.slice(to)}`;
}

/**
 * A block's lines with the layout Prettier adds taken out (the padding that aligns the columns, the
 * length of the header's dashes, blank lines), to compare a document's table with a freshly rendered
 * one.
 */
export function comparableLines(block: string): string[] {
  return block
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---').trim())
    .filter(Boolean);
}
