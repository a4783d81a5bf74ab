/**
 * The demo shop's CMS blocks: the home page's carousels, promo banners and tiles, call banner and strip,
 * and the two landings' introductions, written as an editor would keep them in Magento (raw HTML with
 * `{{media url=…}}` and `{{store url=…}}` directives) from the shipped content (`src/content/home.json`,
 * `src/content/landings.json`, the strip's texts in `src/strings.ts`). The HTML shapes are the ones the
 * storefront reads (`src/components/home/cms.ts`; docs/features.md, "Home page content").
 *
 * A database gets each block once, for All Store Views and active: on first run, and on an older
 * database the first time it starts with a block it never had. A block an editor changed or deleted is
 * left as it is. The pictures the blocks name are copied into the media folder's `wysiwyg/art/`.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import home from '../../../content/home.json' with { type: 'json' };
import landings from '../../../content/landings.json' with { type: 'json' };
import { escapeHtml } from '../../../ui/escape-html.ts';
import { strings } from '../../../strings.ts';
import { isRecord } from '../../../parse/reader.ts';
import { ALL_STORES } from '../cms/blocks.ts';
import type { Database } from '../db.ts';

/** A slide or a tile as the content files describe it. */
interface Promo {
  readonly title: string;
  readonly text: string;
  readonly cta: string;
  readonly href: string;
  readonly image: string;
  readonly theme: string;
}

export interface DemoBlock {
  readonly identifier: string;
  readonly title: string;
  readonly content: string;
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

/** The drawings the demo blocks show, by file name (`pressure-washer.svg`), each once. */
export function demoBlockPictures(blocks: readonly DemoBlock[] = demoCmsBlocks()): string[] {
  const names = blocks.flatMap((block) =>
    [...block.content.matchAll(/\{\{media url="wysiwyg\/art\/([^"]+)"\}\}/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].filter((name) => name !== '');
}

/** Which demo blocks this database has been given, so a deleted one is not given again. */
const SEEDED = 'demo_cms_blocks';
const seededList = z.array(z.string());

const identifierRow = z.object({ identifier: z.string() });

/**
 * Creates the demo blocks this database never had: for All Store Views, active, created `now`. Returns
 * the identifiers created. Runs in the caller's transaction, if any.
 */
export function ensureDemoCmsBlocks(db: Database, now: string): string[] {
  return db.transaction(() => {
    const stored = db.meta(SEEDED);
    const seeded = new Set(stored === undefined ? [] : seededList.parse(JSON.parse(stored)));
    const present = new Set(
      db.all(identifierRow, 'SELECT identifier FROM cms_block').map((row) => row.identifier.toLowerCase()),
    );
    const created: string[] = [];
    for (const block of demoCmsBlocks()) {
      if (seeded.has(block.identifier)) continue;
      seeded.add(block.identifier);
      // An editor may have made a block with this identifier before the demo ones existed: theirs stays.
      if (present.has(block.identifier)) continue;
      const blockId = db.run(
        `INSERT INTO cms_block (title, identifier, content, creation_time, update_time, is_active)
         VALUES (?, ?, ?, ?, ?, 1)`,
        block.title,
        block.identifier,
        block.content,
        now,
        now,
      ).lastInsertRowid;
      db.run('INSERT INTO cms_block_store (block_id, store_id) VALUES (?, ?)', blockId, ALL_STORES);
      created.push(block.identifier);
    }
    db.setMeta(SEEDED, JSON.stringify([...seeded]));
    return created;
  });
}

/**
 * Copies the drawings the demo blocks show from `artDir` (the shop's `public/art/`) to the media folder's
 * `wysiwyg/art/`, as an editor would upload them to Magento's media gallery. A file already there is
 * kept: it may be an editor's. Returns the names copied.
 */
export async function copyDemoBlockPictures(artDir: string, mediaDir: string): Promise<string[]> {
  const target = join(mediaDir, 'wysiwyg', 'art');
  await mkdir(target, { recursive: true });
  const copied: string[] = [];
  for (const name of demoBlockPictures()) {
    try {
      await copyFile(join(artDir, name), join(target, name), constants.COPYFILE_EXCL);
      copied.push(name);
    } catch (error) {
      if (!(isRecord(error) && error['code'] === 'EEXIST')) throw error;
    }
  }
  return copied;
}
