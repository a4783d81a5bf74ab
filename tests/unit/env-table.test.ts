/**
 * docs/configuration.md's table of environment variables is the one src/config/env.ts generates
 * (`npm run docs:env`), and every variable env.ts declares says what it means.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ENV_TABLE_END,
  ENV_TABLE_START,
  comparableLines,
  envTableBlock,
  envVariableDocs,
  markedBlock,
  renderEnvTable,
  replaceEnvTable,
} from '../../src/config/env-table.ts';
import { envSchema } from '../../src/config/env.ts';

const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

describe("docs/configuration.md's table of environment variables", () => {
  it('is the table env.ts generates', () => {
    expect(
      comparableLines(markedBlock(doc)),
      "docs/configuration.md's table of environment variables differs from src/config/env.ts: run `npm run docs:env`",
    ).toEqual(comparableLines(envTableBlock()));
  });

  it('has one row per variable, in the order env.ts declares them', () => {
    const names = [...markedBlock(doc).matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]);
    expect(names, 'run `npm run docs:env`').toEqual(Object.keys(envSchema.shape));
  });
});

describe('the descriptions in env.ts', () => {
  it('describe every variable', () => {
    const undescribed = envVariableDocs()
      .filter((doc) => doc.description.trim() === '')
      .map((doc) => doc.name);
    expect(
      undescribed,
      'give these variables a description in their section, src/config/env/ (`described(…)`)',
    ).toEqual([]);
    expect(envVariableDocs().map((doc) => doc.name)).toEqual(Object.keys(envSchema.shape));
  });

  it('give every variable a default in words', () => {
    for (const doc of envVariableDocs()) expect(doc.default, doc.name).not.toBe('');
  });
});

describe('the generator', () => {
  const shape = {
    DECLARED: z.string().default('x|y').describe('A default\nwith | in it.'),
    LIST: z.array(z.string()).default([]).describe('An empty list.'),
    FLAG: z.boolean().default(false).describe('A flag.'),
    WORDED: z.string().optional().meta({ description: 'Worked out.', documentedDefault: '`{HOST}:{PORT}`' }),
    BARE: z.string().optional(),
  };

  it('renders defaults and descriptions as table cells', () => {
    expect(renderEnvTable(envVariableDocs(shape)).split('\n')).toEqual([
      '| Variable | Default | Meaning |',
      '| --- | --- | --- |',
      '| `DECLARED` | `x\\|y` | A default with \\| in it. |',
      '| `LIST` | unset | An empty list. |',
      '| `FLAG` | `false` | A flag. |',
      '| `WORDED` | `{HOST}:{PORT}` | Worked out. |',
      '| `BARE` | unset |  |',
    ]);
  });

  it('replaces only what is between the markers, and needs both', () => {
    const text = `# Title\n\n${ENV_TABLE_START}\nold\n${ENV_TABLE_END}\n\nAfter.\n`;
    expect(replaceEnvTable(text, 'new')).toBe(
      `# Title\n\n${ENV_TABLE_START}\n\nnew\n\n${ENV_TABLE_END}\n\nAfter.\n`,
    );
    expect(() => replaceEnvTable('# Title\n', 'new')).toThrow(ENV_TABLE_START);
    expect(() => replaceEnvTable(`${ENV_TABLE_END}\n${ENV_TABLE_START}`, 'new')).toThrow(ENV_TABLE_END);
  });
});
