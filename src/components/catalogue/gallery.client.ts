/**
 * The product gallery's thumbnails (Gallery.astro): a plain click on one shows its picture large, in place,
 * instead of following the link to it. Loaded on first use (on-first-use.client.ts): it runs only once the
 * shopper reaches for the gallery, which holds a click made while it loads and makes it again.
 */
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';

export function initGallery(gallery: HTMLElement): void {
  const source = gallery.querySelector<HTMLSourceElement>('[data-gallery-source]');
  const image = gallery.querySelector<HTMLImageElement>('[data-gallery-image]');
  if (!source || !image) return;
  gallery.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-file]') : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    const file = link.dataset['file'] ?? '';
    source.srcset = imageSrcset(file, 960, 'webp');
    image.srcset = imageSrcset(file, 960, 'jpeg');
    image.src = imageUrl(file, 640, 'jpeg');
    image.alt = link.dataset['label'] ?? '';
    for (const other of gallery.querySelectorAll('a[data-file]')) other.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'true');
  });
}

/** What the product page's first script starts (product-page/on-first-use.client.ts). */
export const init = initGallery;
