// @ts-check
// The project's Astro config for benchmark builds, with Astro's cache (incremental-build data, content
// store) moved to BENCH_ASTRO_CACHE_DIR so that a benchmark's cold build starts without a cache and never
// disturbs the shared node_modules/.astro. Everything else is the project's own config.
import process from 'node:process';
import config from '../../astro.config.mjs';

const cacheDir = process.env['BENCH_ASTRO_CACHE_DIR'];

export default cacheDir ? { ...config, cacheDir } : config;
