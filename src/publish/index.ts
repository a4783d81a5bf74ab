/**
 * Build and publish, as the rest of the shop sees it: the built site's record (`build-info.json`), what
 * the build emits and how (content types, precompressed siblings and their encodings, the inline-script
 * hashes of the Content-Security-Policy) and the rebuild hook's routes. The storefront server imports
 * build code only through this file. Kept light on purpose: serving a site loads no build machinery.
 */
export { buildInfoPath, readBuildInfo, type BuildInfo } from './releases/build-info.ts';
export {
  contentTypeOf,
  isCompressible,
  isHashedAsset,
  MIN_COMPRESS_BYTES,
} from './releases/content-types.ts';
export {
  BUILD_LEVELS,
  CODINGS,
  compress,
  CompressionCache,
  FAST_BUILD_LEVELS,
  levelsFor,
  negotiateEncoding,
  ON_THE_FLY_LEVELS,
  SUFFIX,
  type Coding,
  type Encoding,
  type Levels,
} from './releases/encoding.ts';
export { layersOf, liveLayers, locateIn, type Layers } from './releases/layers.ts';
export { inlineScriptHashes, scanInlineScripts, type InlineScriptScan } from './render/inline-scripts.ts';
export { createRebuildRoutes, type RebuildRoutesOptions } from './rebuild/routes.ts';
export type { ShopCounts } from './rebuild/figures.ts';
