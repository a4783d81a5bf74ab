/**
 * Product picture URLs. Pictures are transformed on demand by the storefront server's image route
 * (DESIGN.md §4): `/img/{width}/{format}/catalog/product{file}`, only for these widths and formats.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMATS = ['webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A product card's picture in the grid: two columns on phones, three from 640px, four from 960px, inside the 1200px page. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1232px) 280px, (min-width: 960px) calc((100vw - 5rem) / 4), (min-width: 640px) calc((100vw - 4rem) / 3), calc((100vw - 3rem) / 2)';

export const imageUrl = (file: string, width: ImageWidth, format: ImageFormat = 'webp'): string =>
  `/img/${width}/${format}/catalog/product${file.startsWith('/') ? file : `/${file}`}`;

/** `srcset` over the widths up to `maxWidth` (the largest rendered size, not the source size). */
export const imageSrcset = (file: string, maxWidth: ImageWidth, format: ImageFormat = 'webp'): string =>
  IMAGE_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${imageUrl(file, width, format)} ${width}w`)
    .join(', ');
