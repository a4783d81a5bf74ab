/**
 * The compare tray's thumbnails (compare.client.ts): each product's picture from its facts file
 * (features/product-data/facts.ts), its name as the alt text, so the tray says what it holds. Fetched
 * only for products put in the list. The tray shows two fields, so it reads those two by hand instead of
 * bundling the whole facts reader into every page's shell; the compare page reads the files in full.
 * A product whose file cannot be had, or that is gone, keeps its empty square, and is tried again when
 * next added.
 */
import { imageUrl } from '../../catalogue/images.ts';
import { productDataShard, productDataUrl } from '../../features/product-data/index.ts';
import { asString, isRecord } from '@cleaning-shop/kit/reader.ts';

/** The name and picture file a facts file holds for `sku`; throws when it holds no such product. */
async function trayFacts(sku: string): Promise<{ name: string; image: string | undefined }> {
  const response = await fetch(productDataUrl(productDataShard(sku)));
  const file: unknown = await response.json();
  const facts = isRecord(file) ? file[sku] : undefined;
  const name = isRecord(facts) ? asString(facts['name']) : undefined;
  if (!isRecord(facts) || name === undefined) throw new Error(`No facts for ${sku}`);
  const image = facts['image'];
  return { name, image: isRecord(image) ? asString(image['file']) : undefined };
}

export function drawThumbnails(skus: readonly string[], items: Map<string, HTMLLIElement>): void {
  for (const sku of skus)
    trayFacts(sku)
      .then(({ name, image }) => {
        const shown = document.createElement(image ? 'img' : 'span');
        if (shown instanceof HTMLImageElement && image)
          Object.assign(shown, { src: imageUrl(image, 160), alt: name, width: 36, height: 36 });
        else Object.assign(shown, { className: 'visually-hidden', textContent: name });
        items.get(sku)?.replaceChildren(shown);
      })
      .catch(() => items.delete(sku));
}
