/** /search/data/…: every file of the search index (features/search/files.ts), as `indexFiles` lists them. */
import type { GetStaticPaths } from 'astro';
import { indexFiles } from '../../../features/search/index.server.ts';
import { dataFile, dataFilesToRender, serveDataFile } from '../../../site/data-files.ts';
import { siteSearchIndex } from '../../../site/search-index.ts';

export const getStaticPaths = (() =>
  dataFilesToRender(indexFiles(siteSearchIndex())).map(([file, data]) =>
    dataFile({ file }, data as object),
  )) satisfies GetStaticPaths;

export const GET = serveDataFile;
