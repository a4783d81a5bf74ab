// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { init as lexerReady, parse as importsOf } from 'es-module-lexer';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { snapshotPath } from './src/catalogue/snapshot.ts';
import { loadConfig } from './src/config/env.ts';
import { shopInfo } from './src/config/shop.ts';
import { CACHE_KEYS_FILE, renderPlanModule } from './src/publish/plan/plan-files.ts';
import { keepBundle, prerenderEntry } from './src/publish/render/kept-bundle.ts';
import { bundleKeptIn } from './src/site/handoff.ts';

/** Read once, here: the pages take what they show of it as values (the render plan). */
const { shop } = loadConfig();
/** What a plain `astro build` (no render plan beside its output) renders. */
const unplanned = { snapshotFile: snapshotPath(shop.CATALOGUE_SNAPSHOT), shop: shopInfo(shop) };

const RENDER_PLAN = 'virtual:render-plan';

/**
 * Serves the pages the render plan the site build wrote beside this build's output folder
 * (src/publish/plan/plan-files.ts) as the `virtual:render-plan` module: the plan is data, found from the
 * `--outDir` the build was given, so no variable or side channel carries it.
 * @type {import('astro').AstroIntegration}
 */
const renderPlan = {
  name: 'render-plan',
  hooks: {
    'astro:config:setup': ({ config, updateConfig }) => {
      const outDir = fileURLToPath(config.outDir);
      updateConfig({
        vite: {
          plugins: [
            {
              name: 'render-plan',
              resolveId: (id) => (id === RENDER_PLAN ? `\0${RENDER_PLAN}` : undefined),
              load: (id) => (id === `\0${RENDER_PLAN}` ? renderPlanModule(outDir, unplanned) : undefined),
            },
          ],
        },
      });
    },
  },
};

/**
 * After the pages are written, with the prerender bundle Astro rendered them with: records every path's
 * cache key (its fingerprint, src/site/fingerprint.ts) in `cache-keys.json` beside the build's `client/`,
 * so the first warm rebuild after this build renders only what changed (src/publish/render/build.ts merges
 * them into `pages.json`); and, when the publisher's renderer asked for it (its bundle's build, in a child
 * process of its own: src/publish/render/bundle-child.ts), keeps the bundle for the renderer to import
 * (src/publish/render/kept-bundle.ts), so later runs render changed pages without Vite or bundling.
 * @type {import('astro').AstroIntegration}
 */
const warmRenderer = (() => {
  /** @type {URL | undefined} */
  let serverDir;
  /** @type {URL | undefined} */
  let outDir;
  return {
    name: 'warm-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
        outDir = config.outDir;
      },
      // After the pages are written and before Astro removes the prerender bundle (static-build.js).
      'astro:build:generated': async () => {
        if (!serverDir || !outDir) return;
        const dir = new URL('./.prerender/', serverDir);
        const { app } = await import(prerenderEntry(dir).href);
        // The route cache still holds every route's paths: listing them again runs no getStaticPaths.
        const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js');
        /** @type {Record<string, string>} */
        const keys = {};
        for (const { pathname, cacheKey } of await new StaticPaths(app).getAll())
          if (cacheKey !== undefined) keys[pathname.replace(/^\/+|\/+$/g, '')] = cacheKey;
        writeFileSync(new URL(`./${CACHE_KEYS_FILE}`, outDir), JSON.stringify(keys));
        const keepIn = bundleKeptIn();
        if (keepIn !== undefined) keepBundle(dir, keepIn, app);
      },
    },
  };
})();

/**
 * What JSON content carries for people, not for the code, stays out of the bundles: editors' notes
 * (`$comment` keys, as in src/content/delivery.json) everywhere, and the titles and notes of gov.uk's bank
 * holidays, of which the code reads only the dates (src/calendar/working-days.ts). The product page's
 * delivery estimate imports both files: together they were two kilobytes of its JavaScript. The delivery
 * file's schema (src/delivery/config-schema.ts) takes its notes as optional; the unit tests read both whole.
 */
const FOR_PEOPLE = { '*': ['$comment'], 'bank-holidays-england-wales.json': ['$comment', 'title', 'notes'] };
/**
 * A chunk loaded on first use fetches its own imports: no list of them rides in the loaders of every page
 * (and in the shell), which a page pays for before any interaction (DESIGN.md §5). Stylesheets stay listed,
 * so a part loaded later never shows unstyled. Set on the client environment itself: Astro gives it a build
 * config of its own, which a top-level `build.modulePreload` does not reach.
 * @type {import('vite').Plugin}
 */
const lazyChunksFetchTheirOwnImports = {
  name: 'lazy-chunks-fetch-their-own-imports',
  configEnvironment(name) {
    if (name !== 'client') return;
    return { build: { modulePreload: { resolveDependencies: () => [] } } };
  },
};

/** @type {import('vite').Plugin} */
const contentWithoutNotes = {
  name: 'content-without-notes',
  enforce: 'pre',
  transform(code, id) {
    const file = /[\\/]src[\\/]content[\\/]([^?\\/]*\.json)$/.exec(id)?.[1];
    if (!file) return undefined;
    /** @type {string[]} */
    const dropped = FOR_PEOPLE[/** @type {keyof typeof FOR_PEOPLE} */ (file)] ?? FOR_PEOPLE['*'];
    const json = JSON.stringify(JSON.parse(code), (key, value) =>
      dropped.includes(key) ? undefined : value,
    );
    return { code: json, map: null };
  },
};

/** A folder's door (eslint/doors.js): it re-exports what the rest of the shop may use of the folder. */
const DOOR = /[\\/]src[\\/](?:features|components)[\\/][^\\/]+[\\/]index(?:\.client|\.server)?\.ts$/;

/**
 * Each door's names, read once a build, not once for each import of it (a door edited while `astro dev`
 * runs is read again).
 * @type {Map<string, Map<string, { from: string, name: string }>>}
 */
const doorsRead = new Map();

/**
 * What a door passes on, by the name it gives: the module it comes from and the name there (types aside).
 * @param {string} door
 * @returns {Map<string, { from: string, name: string }>}
 */
function doorNames(door) {
  const known = doorsRead.get(door);
  if (known) return known;
  /** @type {Map<string, { from: string, name: string }>} */
  const names = new Map();
  const exports = readFileSync(door, 'utf8').matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g);
  for (const [, type, list = '', from = ''] of exports) {
    if (type) continue;
    for (const entry of list.split(',')) {
      const [name, as = name] = entry.trim().split(/\s+as\s+/);
      if (name && as) names.set(as, { from: resolve(dirname(door), from), name });
    }
  }
  doorsRead.set(door, names);
  return names;
}

/**
 * The bundles see through the doors: `import { a, b } from '../cart/index.ts'` becomes an import of `a`
 * and of `b` from the modules the door takes them from. A door names everything others may use of a
 * folder; left in the module graph it would tie each page's script to all of it, and the shell's chunk,
 * which takes in its modules' imports (the shell-chunk plugin below), would swallow whole features.
 * @type {import('vite').Plugin}
 */
const throughDoors = {
  name: 'through-doors',
  enforce: 'post',
  buildStart: () => doorsRead.clear(),
  watchChange: (id) => void doorsRead.delete(id),
  async transform(code, id) {
    const file = id.split('?')[0] ?? id;
    if (!/[\\/]src[\\/]/.test(file) || !/\bindex(?:\.client|\.server)?\.ts['"]/.test(code)) return undefined;
    await lexerReady;
    let out = code;
    for (const { n: spec, ss, se, d } of [...importsOf(code)[0]].reverse()) {
      if (d !== -1 || !spec?.startsWith('.')) continue;
      const door = resolve(dirname(file), spec);
      const taken = /^import\s*\{([^}]*)\}\s*from/.exec(code.slice(ss, se))?.[1];
      if (!DOOR.test(door) || taken === undefined) continue;
      out = out.slice(0, ss) + importsThrough(door, taken, dirname(file)) + out.slice(se);
    }
    return out === code ? undefined : { code: out, map: null };
  },
};

/**
 * `import { … }` statements, one per module, for what an import took from a door.
 * @param {string} door
 * @param {string} taken the braces' inside: `a, b as c`
 * @param {string} from the importer's folder
 */
function importsThrough(door, taken, from) {
  const names = doorNames(door);
  /** @type {Map<string, string[]>} */
  const byModule = new Map();
  for (const entry of taken.split(',')) {
    const [name = '', as = name] = entry.trim().split(/\s+as\s+/);
    if (!name) continue;
    const source = names.get(name) ?? { from: door, name };
    const list = byModule.get(source.from) ?? [];
    list.push(source.name === as ? as : `${source.name} as ${as}`);
    byModule.set(source.from, list);
  }
  return [...byModule]
    .map(([module, list]) => `import { ${list.join(', ')} } from ${JSON.stringify(specifier(from, module))};`)
    .join(' ');
}

/**
 * @param {string} from
 * @param {string} module
 */
function specifier(from, module) {
  const path = relative(from, module).replaceAll('\\', '/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The one module script of every page's shell (Base.astro). */
const SHELL_SCRIPT = /[\\/]src[\\/]components[\\/]shell[\\/]shell\.client\.ts$/;

/**
 * Everything the shell's script imports, statically, goes out as one chunk. Left to itself the bundler
 * splits the shell's modules by which other page scripts also import them (the account islands share the
 * session store, the basket the cart store, …): a dozen small files on every page, each compressed on its
 * own. The shell loads on every page anyway, so one file costs no page anything it would not load, and
 * compresses better. The set is worked out from the module graph once it is complete (`buildEnd`), before
 * chunks are made.
 * @type {Set<string>}
 */
const shellModules = new Set();
/** @type {import('vite').Plugin} */
const shellChunk = {
  name: 'shell-chunk',
  apply: 'build',
  buildEnd() {
    shellModules.clear();
    const start = [...this.getModuleIds()].find((id) => SHELL_SCRIPT.test(id));
    const pending = start ? [start] : [];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (shellModules.has(id)) continue;
      shellModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

export default defineConfig({
  site: shop.SITE_URL,
  output: 'static',
  // On-demand routes (none in the catalogue) run through the storefront server in middleware mode.
  adapter: node({ mode: 'middleware' }),
  // No Astro sessions: unless told so, the node adapter keeps them in files under node_modules/.astro,
  // private to one replica. Off, Astro.session is undefined (Astro logs a warning) and nothing is kept.
  session: false,
  integrations: [react(), renderPlan, warmRenderer],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  prefetch: false,
  vite: {
    plugins: [throughDoors, shellChunk, contentWithoutNotes, lazyChunksFetchTheirOwnImports],
    build: {
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'shell', test: (id) => shellModules.has(id) }] } },
      },
    },
  },
  devToolbar: { enabled: false },
});
