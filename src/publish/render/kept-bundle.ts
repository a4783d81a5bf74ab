/**
 * Astro's prerender bundle, kept after its build so that another process renders with it. The renderer's
 * bundle is built by a short-lived child (bundle-build.ts), which exits and gives back the memory of Vite,
 * Rolldown and the build (about 1.5 GB at 10,000 products); the renderer only imports what was kept
 * (warm.ts), about 130 MB.
 *
 * Astro keeps the bundle (`server/.prerender/`) only until its build ends, and renders it with two objects
 * of the build that the bundle does not hold (astro/dist/core/build/environment.js, `headElements`, their
 * only reader while a page renders): its internals, for each page's stylesheets and the built name of the
 * page scripts' entry, and its settings, for the scripts integrations inject. The bundle's own manifest
 * holds the first two as the build made them (each route's stylesheets, sorted and merged; the entry
 * modules' built names); the injected scripts are written beside the copy (`head.json`).
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { readJson } from '@cleaning-shop/kit/reader.ts';
import { isPrerenderApp, type PrerenderApp } from './warm-paths.ts';

const HEAD_FILE = 'head.json';
const ENTRY = /^prerender-entry.*\.mjs$/;
/** How Astro keys a page's build data: its route and component (astro/dist/core/build/plugins/util.js). */
const pageDataKey = (route: string, component: string): string => `${route}&${component}`;

const scriptsSchema = z.array(z.object({ stage: z.string(), content: z.string() }));

/** What the pages read of the bundle's manifest (astro/dist/core/build/plugins/plugin-manifest.js). */
const manifestSchema = z.object({
  routes: z.array(
    z.object({
      routeData: z.object({ route: z.string(), component: z.string() }),
      styles: z.array(
        z.union([
          z.object({ type: z.literal('inline'), content: z.string() }),
          z.object({ type: z.literal('external'), src: z.string() }),
        ]),
      ),
    }),
  ),
  entryModules: z.record(z.string(), z.string()),
});

/** The entry of the prerender bundle in `folder` (a build's `server/.prerender/`, or a kept copy). */
export function prerenderEntry(folder: URL): URL {
  const entry = readdirSync(folder).find((name) => ENTRY.test(name));
  if (!entry) throw new Error(`No prerender entry in ${folder.pathname}.`);
  return new URL(entry, folder);
}

/** Calls `app[method]()`, when the app has it. */
function call(app: unknown, method: string, ...args: unknown[]): unknown {
  const fn: unknown = typeof app === 'object' && app !== null ? Reflect.get(app, method) : undefined;
  if (typeof fn !== 'function') throw new Error(`The prerender app has no ${method}.`);
  return Reflect.apply(fn, app, args);
}

/**
 * Copies the build's prerender bundle (`prerenderDir`) into `into`, with the scripts its settings inject;
 * `app` is the bundle's app the build rendered with.
 */
export function keepBundle(prerenderDir: URL, into: string, app: unknown): void {
  const { settings } = z
    .object({ settings: z.object({ scripts: scriptsSchema }) })
    .parse(call(app, 'getOptions'));
  cpSync(prerenderDir, into, { recursive: true });
  const scripts = settings.scripts.map(({ stage, content }) => ({ stage, content }));
  writeFileSync(join(into, HEAD_FILE), JSON.stringify({ scripts }));
}

/** Astro's log lines while a kept bundle renders: warnings and errors, to standard error. */
const logDestination = {
  write(event: { level?: string; message?: string }): boolean {
    if (event.level === 'warn' || event.level === 'error') process.stderr.write(`${event.message ?? ''}\n`);
    return true;
  },
};

/** The app of a bundle `keepBundle` kept in `dir`, ready to render as in the build that made it. */
export async function loadKeptBundle(dir: string): Promise<PrerenderApp> {
  const { scripts } = z
    .object({ scripts: scriptsSchema })
    .parse(readJson(readFileSync(join(dir, HEAD_FILE), 'utf8')));
  const { app }: { app: unknown } = await import(prerenderEntry(pathToFileURL(`${dir}/`)).href);
  if (!isPrerenderApp(app)) throw new Error(`The bundle kept in ${dir} has no prerender app.`);
  const manifest = manifestSchema.parse(Reflect.get(app, 'manifest'));
  // Each route's stylesheets as the build ordered and merged them: in that order, they stay so.
  const pagesByKeys = new Map(
    manifest.routes.map(({ routeData, styles }) => [
      pageDataKey(routeData.route, routeData.component),
      { styles: styles.map((sheet, order) => ({ depth: 0, order, sheet })) },
    ]),
  );
  call(app, 'setInternals', {
    pagesByKeys,
    entrySpecifierToBundleMap: new Map(Object.entries(manifest.entryModules)),
  });
  call(app, 'setOptions', { settings: { scripts }, logger: { options: { destination: logDestination } } });
  return app;
}
