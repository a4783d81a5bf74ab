// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadEnv } from './src/config/env.ts';

const env = loadEnv();

export default defineConfig({
  site: env.SITE_URL,
  output: 'static',
  // On-demand routes (none in the catalogue) run through the storefront server in middleware mode.
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
});
