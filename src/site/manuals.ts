/**
 * The "How-to guides" page's list: each machine model's manuals and data sheets (Magento's
 * `documentationAttr1–10`, mapped to `documents`), gathered from the machines of that model that have a
 * page, one document of each title (the variants of a model share their manual, and a catalogue of 100,000
 * products would otherwise put a link per product on the page), models in name order. Worked out at build time; the page's cache key hashes
 * this list, so the page is rendered again only when a model's documents change, never with every product.
 */
import type { Product, ProductDocument } from '../catalogue/types.ts';
import { modelKey } from '../catalogue/fits.ts';

export interface ModelManuals {
  readonly model: string;
  readonly documents: readonly ProductDocument[];
}

/** `index`: the catalogue's products with a page (CatalogueIndex's `pages`). */
export function manualsByModel(index: {
  readonly pages: readonly Pick<Product, 'fit' | 'documents'>[];
}): ModelManuals[] {
  const byModel = new Map<string, { model: string; documents: Map<string, ProductDocument> }>();
  for (const product of index.pages) {
    const { model } = product.fit;
    if (model === null || product.documents.length === 0) continue;
    const key = modelKey(model);
    let entry = byModel.get(key);
    if (!entry) byModel.set(key, (entry = { model, documents: new Map() }));
    for (const document of product.documents) {
      const title = document.title.trim().toLowerCase();
      if (!entry.documents.has(title)) entry.documents.set(title, document);
    }
  }
  return [...byModel.values()]
    .map(({ model, documents }) => ({ model, documents: [...documents.values()] }))
    .sort((a, b) => a.model.localeCompare(b.model, 'en-GB', { numeric: true }));
}
