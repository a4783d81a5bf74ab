/**
 * "Does it fit my machine?" on a part's page (DESIGN.md §3): what the shopper typed (or picked from their
 * machines) is read as a model the way every part of the shop reads one (catalogue/fits.ts `findModel`), and
 * answered from the page's own fit list, with the nearest part of the same type that fits when it does not.
 */
import type { ModelEntry, PartEntry } from '../../catalogue/fit-files.ts';
import { findModel } from '../../catalogue/fits.ts';

/** What the page says of its part (catalogue/fit-sections.ts `FitsSection.check`). */
export interface PartFit {
  sku: string;
  keys: readonly string[];
  type: string | null;
  priceInclVat: number | null;
}

export type FitAnswer =
  | { kind: 'empty' }
  | { kind: 'unknown'; typed: string }
  | { kind: 'yes'; model: ModelEntry }
  | { kind: 'no'; model: ModelEntry };

export function checkFit(typed: string, part: PartFit, models: readonly ModelEntry[]): FitAnswer {
  const text = typed.trim();
  if (text === '') return { kind: 'empty' };
  const byKey = new Map(models.map((model) => [model.key, model]));
  const key = findModel(text, byKey.keys());
  const model = key === undefined ? undefined : byKey.get(key);
  if (!model) return { kind: 'unknown', typed: text };
  return part.keys.includes(model.key) ? { kind: 'yes', model } : { kind: 'no', model };
}

/**
 * The part a shopper told "no" would want instead: of those that fit their model, in stock first, one of the
 * same type, nearest in price to this one; any type when none of its type fits. Null when nothing fits.
 */
export function nearestAlternative(parts: readonly PartEntry[], part: PartFit): PartEntry | null {
  const others = parts.filter((candidate) => candidate.sku !== part.sku);
  const sameType = others.filter((candidate) => candidate.type === part.type);
  const pool = sameType.length > 0 ? sameType : others;
  const distance = (candidate: PartEntry) =>
    part.priceInclVat === null || candidate.priceInclVat === null
      ? Number.MAX_VALUE
      : Math.abs(candidate.priceInclVat - part.priceInclVat);
  let best: PartEntry | null = null;
  for (const candidate of pool) {
    if (
      !best ||
      Number(candidate.inStock) > Number(best.inStock) ||
      (candidate.inStock === best.inStock && distance(candidate) < distance(best))
    )
      best = candidate;
  }
  return best;
}
