/** What the pages of a build render (the render plan), served by astro.config.mjs (src/publish/plan/plan-files.ts). */
declare module 'virtual:render-plan' {
  import type { ShopInfo } from '../../config/shop.ts';

  /**
   * Keys of the product pages (url keys) and listing pages (paths without the leading `/`) this build
   * renders; null renders every one (a plain `astro build`).
   */
  export const renderOnly: readonly string[] | null;
  /** The instant (epoch ms) the pages are priced at; null: when the build starts (a plain `astro build`). */
  export const pricedAt: number | null;
  /** The catalogue snapshot the pages render (src/site/catalogue.ts reads it). */
  export const snapshotFile: string;
  /** The shop's identity, on every page (src/site/shop.ts). */
  export const shop: ShopInfo;
}
