/**
 * The picture of a basket line or a wish-list row (styles/lines.css): 96 px, decorative (the name
 * beside it says what it is), loaded lazily.
 */
import { imageSrcset, imageUrl } from '../catalogue/images.ts';

/** The picture of the file under Magento's `catalog/product` media folder. */
export function linePicture(file: string): HTMLImageElement {
  const image = document.createElement('img');
  image.className = 'line-product__picture';
  image.src = imageUrl(file, 160);
  image.srcset = imageSrcset(file, 320);
  image.sizes = '96px';
  image.width = 96;
  image.height = 96;
  image.alt = '';
  image.loading = 'lazy';
  image.decoding = 'async';
  return image;
}
