/**
 * The editable content of the home page and the two landings (`src/content/home.json`,
 * `src/content/landings.json`): titles, texts, link targets, pictures and colour themes. Each file is
 * parsed here; a mistake stops the build with the file, the field and how to put it right.
 */
import { z } from 'zod';
import homeFile from '../../content/home.json';
import landingsFile from '../../content/landings.json';
import { parseContent } from '../../config/parse-content.ts';

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

export const promoSchema = z.object({
  /** Short headline. @example "Steam cleaners" */
  title: z.string().min(1).max(60),
  /** One or two sentences. */
  text: z.string().min(1).max(160),
  /** The link's words. @example "Shop steam cleaners" */
  cta: z.string().min(1).max(40),
  href: sitePath,
  image: artPath,
  theme: themeSchema,
});
export type Promo = z.infer<typeof promoSchema>;

/** A carousel or slider: its accessible name and two or more slides, each a promo linking somewhere. */
export const slideshowSchema = z.object({
  label: z.string().min(1).max(60),
  slides: z.array(promoSchema).min(2, 'needs at least two slides').max(8, 'takes at most eight slides'),
});
export type Slideshow = z.infer<typeof slideshowSchema>;

export const homeSchema = z.object({
  /** The page's main heading (read by assistive technology and search engines, not shown). */
  heading: z.string().min(1),
  carousels: z.object({ homeGarden: slideshowSchema, professional: slideshowSchema }),
  /** The phone call banner; the number itself is configuration (SHOP_PHONE). */
  callBanner: z.object({ title: z.string().min(1), text: z.string().min(1), cta: z.string().min(1) }),
  promoBanners: z.array(promoSchema).length(2, 'needs exactly two promo banners'),
  promoGrid: z.array(promoSchema).length(8, 'needs exactly eight tiles'),
});
export type HomeContent = z.infer<typeof homeSchema>;

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
export type LandingsContent = z.infer<typeof landingsSchema>;

export const homeContent = (): HomeContent => parseContent(homeSchema, homeFile, 'src/content/home.json');

export const landingsContent = (): LandingsContent =>
  parseContent(landingsSchema, landingsFile, 'src/content/landings.json');
