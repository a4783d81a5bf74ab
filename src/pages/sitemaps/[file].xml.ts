/**
 * /sitemaps/{name}.xml: the sitemap files the index (/sitemap.xml) names (site/sitemaps.ts), at most
 * 50,000 URLs each. Data files: each rewritten exactly when its text changes, so a product's save rewrites
 * its own products file only.
 */
import type { GetStaticPaths } from 'astro';
import { dataFile, dataFilesPlanned, serveDataFile } from '../../site/data-files.ts';
import { siteSitemapFiles } from '../../site/routes.ts';
import { SITEMAP_XML } from '../../site/sitemaps.ts';

export const getStaticPaths = (() =>
  // Worked out only when the data files are planned: not for a warm renderer's start.
  dataFilesPlanned()
    ? siteSitemapFiles().map((file) => dataFile({ file: file.name }, file, SITEMAP_XML))
    : []) satisfies GetStaticPaths;

export const GET = serveDataFile;
