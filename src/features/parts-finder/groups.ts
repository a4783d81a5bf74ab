/**
 * The parts finder's list of machines to pick from: every model with a parts page, by kind ("Pressure
 * Washers") in the fit index's order, and within a kind by family, the letters its models share ("K": K 2,
 * K 3, …; "HD": HD 5/15, HD 6/15). Plain links, so picking works without JavaScript.
 */
import type { ModelEntry } from '../../catalogue/fit-files.ts';

export interface FinderFamily {
  /** The models' letters, e.g. "K", "HD". */
  letters: string;
  models: ModelEntry[];
}

export interface FinderKind {
  /** The kind's name, or null for models no machine in the catalogue is of (parts name them). */
  kind: string | null;
  families: FinderFamily[];
}

/** A model's family: its name up to the first digit ("HD 6/15" → "HD"), or the whole name when it has none. */
export function familyOf(name: string): string {
  const letters = name.replace(/\d.*$/s, '').trim();
  return letters === '' ? name : letters;
}

const naturally = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/**
 * The models with a parts page, grouped; kinds and models keep the order they come in (the fit index's),
 * except that models of no kind come last.
 */
export function finderKinds(models: readonly ModelEntry[]): FinderKind[] {
  const kinds = new Map<string | null, Map<string, ModelEntry[]>>();
  for (const model of models) {
    if (model.parts === 0) continue;
    let families = kinds.get(model.kind);
    if (!families) kinds.set(model.kind, (families = new Map()));
    const letters = familyOf(model.name);
    const family = families.get(letters);
    if (family) family.push(model);
    else families.set(letters, [model]);
  }
  const ordered = [...kinds].sort(([a], [b]) => Number(a === null) - Number(b === null));
  return ordered.map(([kind, families]) => ({
    kind,
    families: [...families]
      .sort(([a], [b]) => naturally.compare(a, b))
      .map(([letters, listed]) => ({ letters, models: listed })),
  }));
}
