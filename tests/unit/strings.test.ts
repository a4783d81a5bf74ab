/**
 * src/strings.ts gathers every feature's texts (issue 52): each export of each texts module
 * (`src/features/<x>/texts.ts` and the `*-texts.ts` a browser script loads beside it) is re-exported as it
 * is, each feature's part of the spec's texts and of ours is in `spec` and `ours`, and no texts module is
 * left in `src/` itself. A texts module added without its line in strings.ts fails here, naming it.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as gathered from '../../src/strings.ts';

const FEATURES = new URL('../../src/features/', import.meta.url);
const SRC = new URL('../../src/', import.meta.url);
const TEXTS = /(^|-)texts\.ts$/;

/** Every texts module of every feature, as `<feature>/<file>`. */
const textsModules = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) =>
    readdirSync(new URL(`${folder.name}/`, FEATURES))
      .filter((file) => TEXTS.test(file))
      .map((file) => `${folder.name}/${file}`),
  )
  .sort();

const exportsOf = async (module: string): Promise<Record<string, unknown>> =>
  (await import(new URL(module, FEATURES).href)) as Record<string, unknown>;

describe('src/strings.ts', () => {
  it('finds the features’ texts modules', () => {
    expect(textsModules).toContain('shell/texts.ts');
    expect(textsModules).toContain('shell/browser-texts.ts');
  });

  it.each(textsModules)('re-exports every text of features/%s', async (module) => {
    const texts = await exportsOf(module);
    const all: Record<string, unknown> = gathered;
    for (const [name, value] of Object.entries(texts)) {
      expect(all[name], `strings.ts lacks \`export * from './features/${module}'\``).toBe(value);
    }
  });

  it.each(textsModules)('holds the spec’s texts and ours of features/%s in spec and ours', async (module) => {
    const texts = await exportsOf(module);
    const sections = (suffix: string): [string, unknown][] =>
      Object.entries(texts)
        .filter(([name]) => name.endsWith(suffix))
        .flatMap(([, part]) => Object.entries(part as object));
    const spec: Record<string, unknown> = gathered.spec;
    const ours: Record<string, unknown> = gathered.ours;
    for (const [key, value] of sections('Spec')) expect(spec[key], `spec.${key}`).toBe(value);
    for (const [key, value] of sections('Ours')) expect(ours[key], `ours.${key}`).toBe(value);
  });

  it('keeps the spec’s sections and ours apart, so `strings` loses none', () => {
    const shared = Object.keys(gathered.spec).filter((key) => key in gathered.ours);
    expect(shared).toEqual([]);
  });

  it('leaves no texts module in src/ itself', () => {
    const strays = readdirSync(SRC).filter((file) => /-(strings|texts)\.ts$/.test(file));
    expect(strays).toEqual([]);
  });
});
