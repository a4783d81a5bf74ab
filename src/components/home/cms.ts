/**
 * The home page's and landings' content from Magento CMS blocks (src/catalogue/content-blocks.ts), as a
 * Magento editor writes it: raw HTML with `{{media url=…}}` and `{{store url=…}}` directives. Here the
 * directives are resolved, the HTML is sanitised, pictures go through the image route, and the blocks that
 * fill a structured slot (carousels, banners, tiles, the strip) are read into the content the shipped files
 * give. What a block does not say right is reported as a problem; the caller then keeps the shipped content
 * for that slot (src/components/home/content.ts).
 *
 * A promo list block is a `<ul>` with one `<li>` per slide or tile (docs/features.md, "Home page content"):
 * `<li data-theme="yellow"><img src="{{media url="wysiwyg/art/x.svg"}}" alt=""><h3>Title</h3><p>Text</p>
 * <a href="{{store url="home-garden/x"}}">Call to action</a></li>`.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { IMAGE_WIDTHS } from '../../catalogue/images.ts';

type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

/** Where a `{{media url=…}}` picture points until it is given an image-route URL. */
const MEDIA_PREFIX = '/media/';

/** A directive's `name=value` parameters: quoted with `"`, `'` or `&quot;` (as Magento's editors save them), or bare. */
function directiveParameters(text: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  const pattern = /(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|&quot;(.*?)&quot;|([^\s"'}]+))/g;
  for (const match of text.matchAll(pattern)) {
    const [, name = '', ...values] = match;
    parameters[name] = values.find((value) => value !== undefined) ?? '';
  }
  return parameters;
}

/** `{{store url="a/b"}}` as this shop's path `/a/b`: Magento's `.html` suffix and the slashes around dropped. */
const storePath = (path: string): string =>
  `/${path
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.html$/, '')}`;

/**
 * The HTML with its directives resolved as Magento's template filter would for this shop: `media` to the
 * media path, `store` to the shop's path, `trans` to its text. Any other directive (`widget`, `block`,
 * `var`, `config`…) renders nothing here and is listed in `unsupported`.
 */
export function resolveDirectives(html: string): { html: string; unsupported: string[] } {
  const unsupported: string[] = [];
  const resolved = html.replace(/\{\{\s*(\w+)([^}]*)\}\}/g, (directive, name: string, rest: string) => {
    const parameters = directiveParameters(rest);
    if (name === 'media') return `${MEDIA_PREFIX}${(parameters['url'] ?? '').replace(/^\/+/, '')}`;
    if (name === 'store') return storePath(parameters['direct_url'] ?? parameters['url'] ?? '');
    if (name === 'trans') return /^\s*(["'])(.*)\1/.exec(rest)?.[2] ?? '';
    unsupported.push(directive);
    return '';
  });
  return { html: resolved, unsupported };
}

/** A picture as the pages show it. */
export interface ContentImage {
  readonly src: string;
  readonly srcset?: string;
}

/**
 * A picture's `src` once the directives are resolved: a Magento media picture in `wysiwyg/` or
 * `catalog/product/` through the image route (WebP at every width), one of the site's own illustrations as
 * it is, anything else nothing (a picture from elsewhere would bypass the image route and the CSP).
 */
export function contentImage(src: string): ContentImage | undefined {
  if (/^\/art\/[a-z0-9-]+\.svg$/.test(src)) return { src };
  const file = src.startsWith(MEDIA_PREFIX) ? src.slice(MEDIA_PREFIX.length) : '';
  const served =
    /^wysiwyg\/[A-Za-z0-9._\-/]+\.(jpe?g|png|webp|gif|svg)$/i.test(file) ||
    /^catalog\/product\/[A-Za-z0-9._\-/]+\.(jpe?g|png|webp|gif)$/i.test(file);
  if (!served || /\.\.|\/\//.test(file)) return undefined;
  const url = (width: number) => `/img/${width}/webp/${file}`;
  return { src: url(960), srcset: IMAGE_WIDTHS.map((width) => `${url(width)} ${width}w`).join(', ') };
}

/** Only harmless tags and attributes; links on this shop or the web; pictures through `contentImage`. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'img',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    li: ['data-theme'],
    p: ['class'],
    ul: ['class'],
  },
  // Only the classes the blocks' shapes use: none of the shop's own (`visually-hidden`…).
  allowedClasses: { p: ['cta'], ul: ['promos', 'strip'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    img: (tagName, attribs) => {
      const image = contentImage(attribs['src'] ?? '');
      const { alt = '', width, height } = attribs;
      return {
        tagName,
        attribs: image
          ? {
              src: image.src,
              ...(image.srcset ? { srcset: image.srcset, sizes: '(min-width: 1232px) 600px, 100vw' } : {}),
              alt,
              ...(width ? { width } : {}),
              ...(height ? { height } : {}),
              loading: 'lazy',
              decoding: 'async',
            }
          : { src: '' },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
  disallowedTagsMode: 'discard',
};

/** What a block gives the pages: safe HTML, and what could not be used. */
export interface CleanBlock {
  readonly html: string;
  readonly problems: string[];
}

/** The block's HTML as the pages may show it: directives resolved, sanitised, pictures via `/img`. */
export function cleanBlock(content: string): CleanBlock {
  const resolved = resolveDirectives(content);
  const html = sanitizeHtml(resolved.html, SANITIZE).trim();
  const problems = resolved.unsupported.map(
    (directive) => `${directive} is not supported here and was left out`,
  );
  const dropped = (resolved.html.match(/<img\b/gi) ?? []).length - (html.match(/<img\b/gi) ?? []).length;
  if (dropped > 0)
    problems.push(
      `${dropped} picture${dropped === 1 ? ' is' : 's are'} not from Magento media (use {{media url="wysiwyg/…"}}) and ${dropped === 1 ? 'was' : 'were'} left out`,
    );
  return { html, problems };
}

const textOf = (node: Node | undefined): string =>
  node ? DomUtils.textContent(node).replace(/\s+/g, ' ').trim() : '';

const elements = (nodes: readonly Node[], names: readonly string[]): Element[] =>
  DomUtils.findAll((node) => names.includes(node.name), [...nodes]);

/** One slide or tile of a promo list block, before it is checked against the content's rules. */
export interface BlockPromo {
  readonly title: string;
  readonly text: string;
  readonly cta: string;
  readonly href: string;
  readonly image: ContentImage | undefined;
  readonly imageSize: { readonly width: number; readonly height: number } | undefined;
  readonly theme: string | undefined;
}

/** The `<li>` items of a promo list block (outermost ones only), read field by field. */
export function blockPromos(html: string): BlockPromo[] {
  const document = parseDocument(html);
  const items = elements(document.children, ['li']).filter((item) => !hasAncestor(item, 'li'));
  return items.map((item) => {
    const link = elements([item], ['a'])[0];
    const image = elements([item], ['img'])[0];
    const heading = elements([item], ['h2', 'h3', 'h4'])[0];
    const paragraph = elements([item], ['p']).find((p) => elements([p], ['a']).length === 0);
    const width = Number(image?.attribs['width']);
    const height = Number(image?.attribs['height']);
    return {
      title: textOf(heading),
      text: textOf(paragraph),
      cta: textOf(link),
      href: link?.attribs['href'] ?? '',
      image: image
        ? {
            src: image.attribs['src'] ?? '',
            ...(image.attribs['srcset'] ? { srcset: image.attribs['srcset'] } : {}),
          }
        : undefined,
      imageSize: width > 0 && height > 0 ? { width, height } : undefined,
      theme: item.attribs['data-theme'],
    };
  });
}

function hasAncestor(node: Element, name: string): boolean {
  for (let parent = node.parent; parent; parent = parent.parent)
    if ('name' in parent && parent.name === name) return true;
  return false;
}

/** The texts of a block's `<li>` items (the strip). */
export const blockListTexts = (html: string): string[] =>
  elements(parseDocument(html).children, ['li']).map(textOf);

/** A banner block: its heading, its first paragraph and the paragraph with class `cta` (or its last one). */
export function blockBanner(html: string): { title: string; text: string; cta: string } {
  const document = parseDocument(html);
  const paragraphs = elements(document.children, ['p']);
  const cta = paragraphs.find((p) => (p.attribs['class'] ?? '').split(/\s+/).includes('cta'));
  return {
    title: textOf(elements(document.children, ['h2', 'h3', 'h4'])[0]),
    text: textOf(paragraphs.find((p) => p !== cta)),
    cta: textOf(cta ?? (paragraphs.length > 1 ? paragraphs.at(-1) : undefined)),
  };
}

/** The block's text alone, e.g. for a page's meta description. */
export const blockText = (html: string): string =>
  DomUtils.textContent(parseDocument(html)).replace(/\s+/g, ' ').trim();
