// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { loadEnv } from './src/config/env.ts';
import { renderPlanModule } from './src/publish/plan-files.ts';

const env = loadEnv();

const RENDER_PLAN = 'virtual:render-plan';

/**
 * Serves the product route the render plan the site build wrote beside this build's output folder
 * (src/publish/plan-files.ts) as the `virtual:render-plan` module: the plan is data, found from the
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
              load: (id) => (id === `\0${RENDER_PLAN}` ? renderPlanModule(outDir) : undefined),
            },
          ],
        },
      });
    },
  },
};

export default defineConfig({
  site: env.SITE_URL,
  output: 'static',
  // On-demand routes (none in the catalogue) run through the storefront server in middleware mode.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), renderPlan],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
});
