/**
 * "Does it fit my machine?" on a part's page (DESIGN.md §3): what the shopper typed (or picked from their
 * machines) is read as a model the way every part of the shop reads one (catalogue/fits.ts `findModel`), and
 * answered from the page's own fit list, with the nearest part of the same type that fits when it does not.
 */
import type { ModelEntry, PartEntry } from '../../catalogue/fit-files.ts';
import { findModel } from '../../catalogue/fits.ts';
import { asListOf, asNumber, asString, BAD, isRecord, optional } from '@cleaning-shop/kit/reader.ts';

/** What the page says of its part (site/fit-sections.ts `FitsSection.check`). */
export interface PartFit {
  sku: string;
  keys: readonly string[];
  type: string | null;
  priceInclVat: number | null;
}

/** The page's `data-fit`, read for its shape; undefined when it is not one (the form is then left alone). */
export function readPartFit(value: unknown): PartFit | undefined {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const keys = asListOf(value['keys'], asString);
  const type = optional(value['type'], asString);
  const priceInclVat = optional(value['priceInclVat'], asNumber);
  if (sku === undefined || keys === undefined) return undefined;
  if (type === undefined || type === BAD || priceInclVat === undefined || priceInclVat === BAD)
    return undefined;
  return { sku, keys, type, priceInclVat };
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
 * The part a shopper told "no" would want instead: of those of the same type that fit their model, in stock
 * first, the nearest in price to this one. Null when none of its type fits, or its type is unknown: a
 * defoamer is no answer to a hose that does not fit, so another kind of product is never offered.
 */
export function nearestAlternative(parts: readonly PartEntry[], part: PartFit): PartEntry | null {
  if (part.type === null) return null;
  const pool = parts.filter((candidate) => candidate.sku !== part.sku && candidate.type === part.type);
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
