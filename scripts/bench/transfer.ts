/**
 * Compressed transfer of built pages, read from `dist/client`: the HTML (its `.br` and `.gz` siblings),
 * the stylesheets it links and the JavaScript it loads (each counted by its `.br` sibling, or raw when
 * the build left none), with the static-import closure of every module. JavaScript "before interaction"
 * is what loads without the shopper doing anything: external scripts, modulepreloads and islands
 * hydrated `client:load`, `client:idle` or `client:only`; `client:visible` islands are listed apart
 * (they load when scrolled into view) and `client:media` too.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface PageWeight {
  label: string;
  path: string;
  htmlRaw: number;
  htmlBr: number | undefined;
  htmlGz: number | undefined;
  /** Stylesheets linked, by .br size. */
  css: number;
  cssFiles: number;
  /** Inline <script> bytes (raw, inside the HTML). */
  inlineScripts: number;
  /** JS loaded before interaction, by .br size (raw in `jsRaw`). */
  js: number;
  jsRaw: number;
  jsFiles: string[];
  /** JS of islands hydrated when visible or on a media query, by .br size. */
  jsDeferred: number;
  islands: string[];
}

const size = (file: string) => (existsSync(file) ? statSync(file).size : undefined);
const brOrRaw = (file: string) => size(`${file}.br`) ?? size(file) ?? 0;

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`).exec(tag)?.slice(1).find(Boolean);

/** Static imports of a built module (`import{…}from"./x.js"`, `import"./x.js"`), not `import()`. */
function staticImports(clientDir: string, url: string): string[] {
  const file = join(clientDir, url);
  if (!existsSync(file)) return [];
  const source = readFileSync(file, 'utf8');
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+?\.m?js)["']/g)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('/')) found.push(specifier);
    else if (specifier.startsWith('.')) found.push(new URL(specifier, `http://x${base}`).pathname);
  }
  return found;
}

function closure(clientDir: string, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url) || !url.startsWith('/')) continue;
    seen.add(url);
    queue.push(...staticImports(clientDir, url));
  }
  return seen;
}

export function pageWeight(clientDir: string, label: string, path: string): PageWeight {
  const relative = path === '/404' ? '404.html' : join(path, 'index.html');
  const file = join(clientDir, relative);
  const html = readFileSync(file, 'utf8');
  const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];

  const stylesheets = tags('link')
    .filter((tag) => /\brel=["']?stylesheet/.test(tag))
    .map((tag) => attr(tag, 'href'))
    .filter((href): href is string => href?.startsWith('/') ?? false);

  const eager = new Set<string>();
  const deferred = new Set<string>();
  for (const tag of tags('script')) {
    const src = attr(tag, 'src');
    if (src) eager.add(src);
  }
  for (const tag of tags('link'))
    if (/\brel=["']?modulepreload/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) eager.add(href);
    }
  const islands: string[] = [];
  for (const tag of tags('astro-island')) {
    const directive = attr(tag, 'client') ?? '?';
    const urls = [attr(tag, 'component-url'), attr(tag, 'renderer-url')].filter(
      (url): url is string => url !== undefined && url !== '',
    );
    const name = /&quot;name&quot;:&quot;([^&]+)&quot;/.exec(attr(tag, 'opts') ?? '')?.[1] ?? '?';
    islands.push(`${name}:${directive}`);
    for (const url of urls) (directive === 'visible' || directive === 'media' ? deferred : eager).add(url);
  }
  const eagerAll = closure(clientDir, eager);
  const deferredOnly = [...closure(clientDir, deferred)].filter((url) => !eagerAll.has(url));
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (sum, match) => sum + Buffer.byteLength(match[1] ?? ''),
    0,
  );
  return {
    label,
    path,
    htmlRaw: Buffer.byteLength(html),
    htmlBr: size(`${file}.br`),
    htmlGz: size(`${file}.gz`),
    css: stylesheets.reduce((sum, href) => sum + brOrRaw(join(clientDir, href)), 0),
    cssFiles: stylesheets.length,
    inlineScripts,
    js: [...eagerAll].reduce((sum, url) => sum + brOrRaw(join(clientDir, url)), 0),
    jsRaw: [...eagerAll].reduce((sum, url) => sum + (size(join(clientDir, url)) ?? 0), 0),
    jsFiles: [...eagerAll],
    jsDeferred: deferredOnly.reduce((sum, url) => sum + brOrRaw(join(clientDir, url)), 0),
    islands: [...new Set(islands)],
  };
}

/** The first product page in the sitemap (its index, then its files): a one-segment URL whose page carries Product JSON-LD. */
export function firstProductPath(clientDir: string): string | undefined {
  const index = readFileSync(join(clientDir, 'sitemap.xml'), 'utf8');
  const sitemap = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((file) => readFileSync(join(clientDir, new URL(file[1] ?? '/').pathname), 'utf8'))
    .join('');
  for (const match of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(match[1] ?? '/').pathname.replace(/\/$/, '');
    if (!/^\/[^/]+$/.test(path)) continue;
    const file = join(clientDir, path, 'index.html');
    if (existsSync(file) && readFileSync(file, 'utf8').includes('"@type":"Product"')) return path;
  }
  return undefined;
}
