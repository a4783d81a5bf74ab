/**
 * The compare tray's thumbnails (compare.client.ts), loaded with the first product put in the list: each
 * product's picture from its facts file, its name as the alt text, so the tray says what it holds. A
 * product whose facts cannot be had keeps its empty square, and is tried again when next added.
 */
import { imageUrl } from '../../catalogue/images.ts';
import { loadFacts } from '../../features/product-data/facts.ts';

export async function drawThumbnails(
  skus: readonly string[],
  items: Map<string, HTMLLIElement>,
): Promise<void> {
  const results = await loadFacts(skus);
  results.forEach((result, at) => {
    const sku = skus[at] ?? '';
    const item = items.get(sku);
    if (!item) return;
    if (result.status !== 'found') {
      items.delete(sku);
      return;
    }
    const { image, name } = result.facts;
    const shown = document.createElement(image ? 'img' : 'span');
    if (shown instanceof HTMLImageElement && image)
      Object.assign(shown, { src: imageUrl(image.file, 160), alt: name, width: 36, height: 36 });
    else Object.assign(shown, { className: 'visually-hidden', textContent: name });
    item.replaceChildren(shown);
  });
}
