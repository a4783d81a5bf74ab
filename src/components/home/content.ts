/**
 * The content of the home page and the two landings: titles, texts, link targets, pictures and colour
 * themes. Editors own it as Magento CMS blocks (src/components/home/cms.ts); the shipped files
 * (`src/content/home.json`, `src/content/landings.json`) fill any slot whose block is missing or not in
 * shape, with a build warning. A mistake in a shipped file stops the build with the file, the field and how
 * to put it right.
 */
import { z } from 'zod';
import { CONTENT_BLOCKS, type ContentSlot } from '../../catalogue/content-blocks.ts';
import type { ContentBlock } from '../../catalogue/types.ts';
import homeFile from '../../content/home.json';
import landingsFile from '../../content/landings.json';
import { parseContent } from '../../config/parse-content.ts';
import { strings } from '../../strings.ts';
import { blockBanner, blockListTexts, blockPromos, blockText, cleanBlock } from './cms.ts';

/** A page of this shop, e.g. `/home-garden/steam-cleaners` (no host, no trailing slash). */
const sitePath = z
  .string()
  .regex(
    /^\/(?!\/)[\w\-/]*[\w-]$|^\/$/,
    'must be a path on this shop starting with "/" and without a trailing "/", e.g. /home-garden/steam-cleaners',
  );

/** An illustration in `public/art/`, drawn on a 480 × 360 canvas, e.g. `/art/steam-cleaner.svg`. */
const artPath = z
  .string()
  .regex(/^\/art\/[a-z0-9-]+\.svg$/, 'must be an SVG in public/art, e.g. /art/steam-cleaner.svg');

/** The intrinsic size of every illustration in `public/art/`, for width and height attributes. */
export const ART_SIZE = { width: 480, height: 360 } as const;

/**
 * The colour scheme of a slide or promo. Schemes rather than free colours, so every combination keeps
 * AA contrast: yellow (brand yellow, dark text), dark (near-black, white text), light (pale grey, dark
 * text), blue and green (white text).
 */
export const themeSchema = z.enum(['yellow', 'dark', 'light', 'blue', 'green']);
export type Theme = z.infer<typeof themeSchema>;

/** A picture as the pages show it: one URL, or the image route's URLs for every width, and its size. */
const promoImage = z.object(
  {
    src: z.string(),
    srcset: z.string().optional(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  },
  { error: 'needs a picture from Magento media (<img src="{{media url=…}}">)' },
);
export type PromoImage = z.output<typeof promoImage>;

const promoFields = {
  /** Short headline. @example "Steam cleaners" */
  title: z.string().min(1, 'needs a heading (<h3>)').max(60),
  /** One or two sentences. */
  text: z.string().min(1, 'needs a sentence (<p>)').max(160),
  /** The link's words. @example "Shop steam cleaners" */
  cta: z.string().min(1, 'needs a link with words (<a href=…>…</a>)').max(40),
  theme: themeSchema,
};

export const promoSchema = z.object({
  ...promoFields,
  href: sitePath,
  image: artPath.transform((src): PromoImage => ({ src, width: ART_SIZE.width, height: ART_SIZE.height })),
});
export type Promo = z.output<typeof promoSchema>;

/** A promo from a CMS block: its link may leave the shop; its picture is already resolved (cms.ts). */
const blockPromoSchema = z.object({
  ...promoFields,
  href: sitePath.or(z.url({ protocol: /^https?$/, error: 'must be a page of this shop or a web address' })),
  image: promoImage,
});

/** A carousel or slider: its accessible name and two or more slides, each a promo linking somewhere. */
const slideshowOf = <Slide extends z.ZodType<Promo, unknown>>(slide: Slide) =>
  z.object({
    label: z.string().min(1).max(60),
    slides: z.array(slide).min(2, 'needs at least two slides').max(8, 'takes at most eight slides'),
  });
export const slideshowSchema = slideshowOf(promoSchema);
export type Slideshow = z.output<typeof slideshowSchema>;

export const homeSchema = z.object({
  /** The page's main heading (read by assistive technology and search engines, not shown). */
  heading: z.string().min(1),
  carousels: z.object({ homeGarden: slideshowSchema, professional: slideshowSchema }),
  /** The phone call banner; the number itself is configuration (SHOP_PHONE). */
  callBanner: z.object({ title: z.string().min(1), text: z.string().min(1), cta: z.string().min(1) }),
  promoBanners: z.array(promoSchema).length(2, 'needs exactly two promo banners'),
  promoGrid: z.array(promoSchema).length(8, 'needs exactly eight tiles'),
});
export type HomeContent = z.output<typeof homeSchema> & {
  /** The three-item strip (spec §2; the shipped texts are the spec's, in the strings module). */
  strip: [string, string, string];
};

const landingBase = z.object({
  title: z.string().min(1),
  intro: z.string().min(1),
  slider: slideshowSchema,
  categoriesHeading: z.string().min(1),
  promosHeading: z.string().min(1),
});

export const landingsSchema = z.object({
  homeGarden: landingBase.extend({
    promos: z.array(promoSchema).length(4, 'needs exactly four promo tiles'),
  }),
  professional: landingBase.extend({
    industryBanner: promoSchema,
    promos: z.array(promoSchema).length(3, 'needs exactly three promos'),
  }),
});
export type LandingsContent = z.output<typeof landingsSchema> & {
  homeGarden: { introHtml?: string };
  professional: { introHtml?: string };
};

/** The shipped home content (src/content/home.json and the strip's texts). */
export const homeContent = (): HomeContent => ({
  ...parseContent(homeSchema, homeFile, 'src/content/home.json'),
  strip: [strings.strip.delivery, strings.strip.advice, strings.strip.guarantee],
});

/** The shipped landings content (src/content/landings.json). */
export const landingsContent = (): LandingsContent =>
  parseContent(landingsSchema, landingsFile, 'src/content/landings.json');

/** Reads one slot's block, or says why the shipped content stays. */
type SlotReader<T> = (block: ContentBlock, html: string) => z.ZodSafeParseResult<T>;

/** `path.to[2].field` as an editor reads it: "item 3, title". */
const where = (path: readonly PropertyKey[]): string =>
  path
    .filter((key) => key !== 'slides')
    .map((key) => (typeof key === 'number' ? `item ${key + 1}` : String(key)))
    .join(', ');

/**
 * The slot's content from its block, or `shipped` when the block is missing or says something the page
 * cannot show, with a warning naming the block, what is wrong and what the page shows instead.
 */
function fromBlock<T>(
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  slot: ContentSlot,
  read: SlotReader<T>,
  shipped: T,
  warn: (message: string) => void,
): T {
  const identifier = CONTENT_BLOCKS[slot];
  const block = blocks?.[identifier];
  if (!block) {
    warn(
      `CMS block "${identifier}" is missing or inactive in Magento: the page shows the shipped content for it.`,
    );
    return shipped;
  }
  const clean = cleanBlock(block.content);
  for (const problem of clean.problems) warn(`CMS block "${identifier}": ${problem}.`);
  const result = read(block, clean.html);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${where(issue.path)} ${issue.message}` : issue.message,
  );
  warn(
    `CMS block "${identifier}" cannot be shown (${issues.join('; ')}): the page shows the shipped content for it.`,
  );
  return shipped;
}

/** A promo list block's items as promos: the picture's size from its width and height, else the art's. */
const promosOf = (html: string) =>
  blockPromos(html).map(({ image, imageSize, theme, ...promo }) => ({
    ...promo,
    theme: theme ?? 'light',
    image: image && { ...image, ...(imageSize ?? ART_SIZE) },
  }));

const carouselReader: SlotReader<Slideshow> = (block, html) =>
  slideshowOf(blockPromoSchema).safeParse({ label: block.title, slides: promosOf(html) });

const promoListReader =
  (count: number, message: string): SlotReader<Promo[]> =>
  (_block, html) =>
    z.array(blockPromoSchema).length(count, message).safeParse(promosOf(html));

const callBannerReader: SlotReader<HomeContent['callBanner']> = (_block, html) =>
  homeSchema.shape.callBanner.safeParse(blockBanner(html));

const stripReader: SlotReader<HomeContent['strip']> = (_block, html) =>
  z
    .tuple([z.string().min(1), z.string().min(1), z.string().min(1)], {
      error: 'needs exactly three list items (<li>)',
    })
    .safeParse(blockListTexts(html));

const introReader: SlotReader<{ intro: string; introHtml?: string }> = (_block, html) =>
  z
    .object({ intro: z.string().min(1, 'has no text'), introHtml: z.string() })
    .safeParse({ intro: blockText(html), introHtml: html });

/** The home page as the editors' CMS blocks say, slot by slot, the shipped content where they do not. */
export function homePageContent(
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  warn: (message: string) => void,
): HomeContent {
  const shipped = homeContent();
  const slot = <T>(name: ContentSlot, read: SlotReader<T>, fallback: T) =>
    fromBlock(blocks, name, read, fallback, warn);
  return {
    ...shipped,
    carousels: {
      homeGarden: slot('homeGardenCarousel', carouselReader, shipped.carousels.homeGarden),
      professional: slot('professionalCarousel', carouselReader, shipped.carousels.professional),
    },
    callBanner: callBannerContent(blocks, warn),
    promoBanners: slot(
      'promoBanners',
      promoListReader(2, 'needs exactly two promo banners'),
      shipped.promoBanners,
    ),
    promoGrid: slot('promoGrid', promoListReader(8, 'needs exactly eight tiles'), shipped.promoGrid),
    strip: stripContent(blocks, warn),
  };
}

/** The call banner from its block, else the shipped one (the home page's, and the no-results page's help). */
export const callBannerContent = (
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  warn: (message: string) => void,
): HomeContent['callBanner'] =>
  fromBlock(blocks, 'callBanner', callBannerReader, homeContent().callBanner, warn);

/** The strip's three texts from its block, else the spec's. */
export const stripContent = (
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  warn: (message: string) => void,
): HomeContent['strip'] => fromBlock(blocks, 'strip', stripReader, homeContent().strip, warn);

/** The landings with their introductions from the editors' CMS blocks, the shipped ones where missing. */
export function landingPagesContent(
  blocks: Readonly<Record<string, ContentBlock>> | undefined,
  warn: (message: string) => void,
): LandingsContent {
  const shipped = landingsContent();
  const intro = (name: ContentSlot, page: { intro: string }) =>
    fromBlock(blocks, name, introReader, { intro: page.intro }, warn);
  return {
    homeGarden: { ...shipped.homeGarden, ...intro('homeGardenIntro', shipped.homeGarden) },
    professional: { ...shipped.professional, ...intro('professionalIntro', shipped.professional) },
  };
}
