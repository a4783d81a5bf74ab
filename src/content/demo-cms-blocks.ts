/**
 * The demo shop's CMS blocks, written from the shipped content as an editor would keep them in Magento
 * (raw HTML with `{{media url=…}}` and `{{store url=…}}` directives): the home page's carousels, promo
 * banners and tiles, call banner and strip (`home.json`, the strip's texts in `src/strings.ts`), the two
 * landings' introductions (`landings.json`) and the editors' search synonyms. The HTML shapes are the ones
 * the storefront reads (`src/components/home/cms.ts`; docs/features.md, "Home page content"). Whoever
 * starts the embedded back end gives them to it (`demoBlocks`), with the folder of their drawings.
 */
import { resolve } from 'node:path';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { strings } from '../strings.ts';
import home from './home.json' with { type: 'json' };
import landings from './landings.json' with { type: 'json' };

export interface DemoBlock {
  readonly identifier: string;
  readonly title: string;
  readonly content: string;
}

/** A slide or a tile as the content files describe it. */
interface Promo {
  readonly title: string;
  readonly text: string;
  readonly cta: string;
  readonly href: string;
  readonly image: string;
  readonly theme: string;
}

/** The size every drawing in `public/art/` is drawn at. */
const ART_SIZE = { width: 480, height: 360 };

/** `/art/x.svg` → `x.svg`; the content files only use drawings from `public/art/`. */
function artName(image: string): string {
  const match = /^\/art\/([a-z0-9-]+\.svg)$/.exec(image);
  if (!match?.[1]) throw new Error(`A demo block's picture "${image}" is not a drawing in public/art`);
  return match[1];
}

const mediaDirective = (image: string) => `{{media url="wysiwyg/art/${artName(image)}"}}`;

/** A shop path as Magento's store URL directive: `/a/b` → `{{store url="a/b"}}`, `/` → `{{store url=""}}`. */
function storeDirective(href: string): string {
  if (!/^\/[\w\-/]*$/.test(href)) throw new Error(`A demo block's link "${href}" is not a path of the shop`);
  return `{{store url="${href.slice(1)}"}}`;
}

/** A promo list: one `<li>` per slide or tile, in order. */
export function promoListHtml(promos: readonly Promo[]): string {
  const items = promos.map(
    (promo) =>
      `<li data-theme="${escapeHtml(promo.theme)}"><img src="${mediaDirective(promo.image)}" alt="" width="${ART_SIZE.width}" height="${ART_SIZE.height}">\n` +
      `<h3>${escapeHtml(promo.title)}</h3>\n` +
      `<p>${escapeHtml(promo.text)}</p>\n` +
      `<a href="${storeDirective(promo.href)}">${escapeHtml(promo.cta)}</a></li>`,
  );
  return `<ul class="promos">\n${items.join('\n')}\n</ul>`;
}

/** Every demo block, in the order they are created. */
export function demoCmsBlocks(): DemoBlock[] {
  const { carousels, callBanner, promoBanners, promoGrid } = home;
  return [
    {
      identifier: 'home-carousel-home-garden',
      title: carousels.homeGarden.label,
      content: promoListHtml(carousels.homeGarden.slides),
    },
    {
      identifier: 'home-carousel-professional',
      title: carousels.professional.label,
      content: promoListHtml(carousels.professional.slides),
    },
    { identifier: 'home-promo-banners', title: 'Home promo banners', content: promoListHtml(promoBanners) },
    { identifier: 'home-promo-grid', title: 'Home promo tiles', content: promoListHtml(promoGrid) },
    {
      identifier: 'home-call-banner',
      title: 'Home call banner',
      content: `<h2>${escapeHtml(callBanner.title)}</h2>\n<p>${escapeHtml(callBanner.text)}</p>\n<p class="cta">${escapeHtml(callBanner.cta)}</p>`,
    },
    {
      identifier: 'home-strip',
      title: 'Home strip',
      content: `<ul class="strip">\n${[strings.strip.delivery, strings.strip.advice, strings.strip.guarantee]
        .map((text) => `<li>${escapeHtml(text)}</li>`)
        .join('\n')}\n</ul>`,
    },
    {
      identifier: 'landing-home-garden-intro',
      title: 'Home & Garden introduction',
      content: `<p>${escapeHtml(landings.homeGarden.intro)}</p>`,
    },
    {
      identifier: 'landing-professional-intro',
      title: 'Professional introduction',
      content: `<p>${escapeHtml(landings.professional.intro)}</p>`,
    },
    {
      identifier: 'search-synonyms',
      title: 'Search synonyms (one group per line)',
      content: [
        'shop vac, wet and dry vacuum, workshop vacuum',
        'leaf blower, leaf vacuum',
        'floor polisher, floor buffer',
      ]
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('\n'),
    },
  ];
}

/** The blocks and the folder of their drawings (`public/art` of the working folder), for the back end. */
export const shopDemoBlocks = (): { blocks: DemoBlock[]; artDir: string } => ({
  blocks: demoCmsBlocks(),
  artDir: resolve('public/art'),
});
