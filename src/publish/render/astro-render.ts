/**
 * The rendering of a full or partial build: `astro build` into the plan's folder with the plan's render
 * plan beside it, its progress reported and each page it writes handed to the site pass.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PAGES_MANIFEST_FILE, readPagesManifest, writeRenderPlan } from '../plan/plan-files.ts';
import { PAGE_LINE, pageLineReader, runBuild, type RunResult } from './astro-run.ts';
import type { BuildSiteOptions } from './build-options.ts';
import type { Plan } from './build-plan.ts';
import { BuildError } from './errors.ts';
import type { PageReuse } from './finish.ts';
import type { SitePass } from './site-pass.ts';

export interface Rendered {
  readonly run: RunResult;
  readonly rendered: number;
  readonly expected: number | undefined;
  /** Astro's bundling (until it starts prerendering) and its prerendering, in ms. */
  readonly bundleMs: number;
  readonly renderMs: number;
}

/**
 * Runs `astro build` into the plan's folder, reporting progress and handing each page it writes to the
 * site pass (site-pass.ts); throws a BuildError when it fails.
 */
export async function renderWithAstro(
  options: BuildSiteOptions,
  plan: Plan,
  kept: string,
  pass: SitePass,
  reuse: PageReuse,
): Promise<Rendered> {
  const log = options.log ?? (() => undefined);
  const { liveInfo, manifest, mode } = plan;
  // Pages other than product and listing pages are rendered every time; the estimate only drives the progress bar.
  const livePlan = plan.live ? readPagesManifest(join(plan.live, PAGES_MANIFEST_FILE)) : undefined;
  const otherPages =
    liveInfo && livePlan ? Math.max(0, liveInfo.pages - Object.keys(livePlan.pages).length) : undefined;
  const expected =
    mode === 'full'
      ? liveInfo?.pages
      : manifest && otherPages !== undefined
        ? otherPages + manifest.rendered.length
        : undefined;
  let rendered = 0;
  const progress = () => options.onProgress?.({ step: 'rendering', rendered, expected, mode });
  progress();
  // What the pages render, handed to them as values (the shop's own project: a stand-in has no plan).
  if (plan.settings.shop)
    writeRenderPlan(plan.dir, {
      // A full build's plan lists no pages: every one is rendered.
      render: mode === 'full' ? null : (manifest?.rendered ?? null),
      pricedAt: plan.pricedAt,
      snapshotFile: resolve(options.snapshotFile),
      shop: plan.settings.shop,
    });
  const command = options.command ?? [
    process.execPath,
    join(plan.root, 'node_modules/astro/bin/astro.mjs'),
    'build',
  ];
  const environment = { ...plan.environment, ASTRO_TELEMETRY_DISABLED: '1' };
  let run: RunResult;
  const started = performance.now();
  let renderStarted: number | undefined;
  try {
    const pages = pageLineReader((file) => pass.add(file));
    run = await runBuild([...command, '--outDir', plan.dir], plan.root, environment, (line) => {
      if (PAGE_LINE.test(line) || line.includes('(+')) {
        const finished = pages.line(line);
        if (Math.floor((rendered + finished) / 50) > Math.floor(rendered / 50)) progress();
        rendered += finished;
        return;
      }
      // Astro empties its output folder just before it says so: from then on, link the reused pages.
      if (/Building \w+ entrypoints|(prerendering|generating) static routes/.test(line)) reuse.start();
      if (/(prerendering|generating) static routes/.test(line)) {
        renderStarted ??= performance.now();
        progress();
      }
      if (line.trim() !== '') log(line);
    });
  } catch (error) {
    throw new BuildError(`Could not start the site build (${command.join(' ')}). ${kept}`, { cause: error });
  }
  const clientDir = join(plan.dir, 'client');
  if (run.code !== 0 || !existsSync(clientDir)) {
    const tail = run.tail.filter((line) => line.trim() !== '').join('\n');
    throw new BuildError(
      run.code !== 0
        ? `The site build failed (astro build exited with ${run.code}). ${kept}\n${tail}`
        : `The site build wrote no ${clientDir}. ${kept}`,
    );
  }
  const ended = performance.now();
  return {
    ...{ run, rendered, expected },
    bundleMs: Math.round((renderStarted ?? ended) - started),
    renderMs: Math.round(ended - (renderStarted ?? ended)),
  };
}
